#!/usr/bin/env -S npx tsx
// Summarise recently changed source files with the OpenAI API and write a
// review digest to reports/digest.md. The key is read from OPENAI_API_KEY and
// only sent to api.openai.com.
import { execFileSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname ?? ".", "..");
const ENDPOINT = "https://api.openai.com/v1/chat/completions";
const MODEL = process.env.DIGEST_MODEL ?? "gpt-4o-mini";
const MAX_BYTES = 12_000;

interface FileSummary {
  file: string;
  summary: string;
}

interface ChatResponse {
  choices: { message: { content: string } }[];
}

function changedFiles(since: string): string[] {
  const out = execFileSync("git", ["diff", "--name-only", `${since}...HEAD`, "--", "src"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return out
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => /\.(ts|tsx|js)$/.test(l));
}

async function summarise(apiKey: string, file: string, body: string): Promise<string> {
  const res = await fetch(ENDPOINT, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${apiKey}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({
      model: MODEL,
      temperature: 0.2,
      messages: [
        { role: "system", content: "Summarise what this file does in three bullet points." },
        { role: "user", content: `File: ${file}\n\n${body}` },
      ],
    }),
  });
  if (!res.ok) {
    throw new Error(`OpenAI API ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }
  const data = (await res.json()) as ChatResponse;
  return data.choices[0]?.message.content.trim() ?? "(no summary)";
}

async function withConcurrency<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const idx = next++;
      results[idx] = await fn(items[idx]);
    }
  });
  await Promise.all(workers);
  return results;
}

function render(since: string, summaries: FileSummary[]): string {
  const lines = [`# Change digest since ${since}`, "", `Generated ${new Date().toISOString()}`, ""];
  for (const s of summaries) {
    lines.push(`## ${s.file}`, "", s.summary, "");
  }
  return lines.join("\n");
}

async function main(): Promise<void> {
  const apiKey = process.env.OPENAI_API_KEY;
  if (!apiKey) {
    console.error("OPENAI_API_KEY is not set");
    process.exit(2);
  }
  const since = process.argv[2] ?? "origin/main";
  const files = changedFiles(since);
  if (files.length === 0) {
    console.log("no changed source files");
    return;
  }
  const summaries = await withConcurrency(files, 3, async (file): Promise<FileSummary> => {
    const body = (await readFile(path.join(ROOT, file), "utf8")).slice(0, MAX_BYTES);
    return { file, summary: await summarise(apiKey, file, body) };
  });
  const out = path.join(ROOT, "reports", "digest.md");
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, render(since, summaries));
  console.log(`digest for ${files.length} file(s) written to ${path.relative(ROOT, out)}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});

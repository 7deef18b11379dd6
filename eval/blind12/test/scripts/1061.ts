#!/usr/bin/env -S npx tsx
// Suggest a conventional commit message for the staged diff using the
// Anthropic Messages API. ANTHROPIC_API_KEY is sent only to api.anthropic.com.
// The suggestion is written to tmp/commit-suggestion.txt; nothing is committed.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MESSAGES_URL = "https://api.anthropic.com/v1/messages";
const MAX_DIFF_CHARS = 20_000;

type Block = { type: string; text?: string };
interface MessagesResponse {
  content: Block[];
  stop_reason: string;
}

function stagedDiff(): string {
  const diff = execFileSync("git", ["diff", "--cached", "--no-color", "--stat", "--patch"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  return diff.length > MAX_DIFF_CHARS ? diff.slice(0, MAX_DIFF_CHARS) + "\n[diff truncated]" : diff;
}

function recentSubjects(n = 15): string {
  return execFileSync("git", ["log", `-${n}`, "--format=%s"], { cwd: ROOT, encoding: "utf8" });
}

async function suggest(apiKey: string, diff: string, examples: string): Promise<string> {
  const res = await fetch(MESSAGES_URL, {
    method: "POST",
    headers: {
      "x-api-key": apiKey,
      "anthropic-version": "2023-06-01",
      "content-type": "application/json",
    },
    body: JSON.stringify({
      model: process.env.COMMIT_MODEL ?? "claude-3-5-haiku-latest",
      max_tokens: 300,
      system:
        "Write one conventional commit message (type(scope): subject, optional body) for the diff. " +
        "Match the style of the example subjects. Output only the message.",
      messages: [{ role: "user", content: `Recent subjects:\n${examples}\n\nDiff:\n${diff}` }],
    }),
  });
  if (!res.ok) {
    throw new Error(`Messages API ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }
  const data = (await res.json()) as MessagesResponse;
  return data.content
    .filter((b) => b.type === "text")
    .map((b) => b.text ?? "")
    .join("")
    .trim();
}

function validate(message: string): string[] {
  const problems: string[] = [];
  const [subject = ""] = message.split("\n");
  if (!/^(feat|fix|chore|docs|refactor|perf|test|build|ci)(\([\w\-/]+\))?!?: .+/.test(subject)) {
    problems.push("subject is not a conventional commit");
  }
  if (subject.length > 72) problems.push(`subject is ${subject.length} chars (max 72)`);
  return problems;
}

async function main(): Promise<void> {
  const apiKey = process.env.ANTHROPIC_API_KEY;
  if (!apiKey) throw new Error("ANTHROPIC_API_KEY is not set");
  const diff = stagedDiff();
  if (!diff.trim()) {
    console.log("nothing staged");
    return;
  }
  const message = await suggest(apiKey, diff, recentSubjects());
  const problems = validate(message);
  const outDir = join(ROOT, "tmp");
  mkdirSync(outDir, { recursive: true });
  const out = join(outDir, "commit-suggestion.txt");
  writeFileSync(out, message + "\n");
  console.log(message);
  console.log(`\nsaved to tmp/commit-suggestion.txt${problems.length ? ` (warnings: ${problems.join("; ")})` : ""}`);
  console.log("use it with: git commit -F tmp/commit-suggestion.txt");
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});

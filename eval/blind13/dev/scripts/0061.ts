#!/usr/bin/env -S npx tsx
// Summarise changed files of the current branch with the OpenAI API for a PR description.
// OPENAI_API_KEY is read from the environment and sent only to api.openai.com.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const OPENAI_URL = "https://api.openai.com/v1/chat/completions";
const MODEL = process.env.PR_SUMMARY_MODEL ?? "gpt-4o-mini";
const MAX_DIFF_CHARS = 24_000;

interface ChatMessage {
  role: "system" | "user";
  content: string;
}

interface ChatResponse {
  choices: { message: { content: string } }[];
  usage?: { total_tokens: number };
}

function git(...args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8", maxBuffer: 32 * 1024 * 1024 }).trim();
}

function collectDiff(base: string): { files: string[]; diff: string } {
  const files = git("diff", "--name-only", `${base}...HEAD`).split("\n").filter(Boolean);
  const ignored = /(^|\/)(package-lock\.json|pnpm-lock\.yaml|yarn\.lock|.*\.snap)$/;
  const relevant = files.filter((f) => !ignored.test(f));
  let diff = relevant.length ? git("diff", `${base}...HEAD`, "--", ...relevant) : "";
  if (diff.length > MAX_DIFF_CHARS) {
    diff = diff.slice(0, MAX_DIFF_CHARS) + "\n[diff truncated]";
  }
  return { files: relevant, diff };
}

async function withRetry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  let lastError: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await fn();
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, 1000 * 2 ** i));
    }
  }
  throw lastError;
}

async function complete(messages: ChatMessage[]): Promise<ChatResponse> {
  const key = process.env.OPENAI_API_KEY;
  if (!key) throw new Error("OPENAI_API_KEY is not set");
  const res = await fetch(OPENAI_URL, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ model: MODEL, messages, temperature: 0.2 }),
  });
  if (res.status === 429 || res.status >= 500) {
    throw new Error(`retryable ${res.status}`);
  }
  if (!res.ok) {
    throw new Error(`OpenAI API error ${res.status}: ${await res.text()}`);
  }
  return (await res.json()) as ChatResponse;
}

async function main(): Promise<void> {
  const base = process.argv[2] ?? "origin/main";
  const { files, diff } = collectDiff(base);
  if (!files.length) {
    console.log(`no changes against ${base}`);
    return;
  }
  const branch = git("rev-parse", "--abbrev-ref", "HEAD");
  const messages: ChatMessage[] = [
    {
      role: "system",
      content: "You write concise pull request descriptions: a summary paragraph, then a bullet list of notable changes, then testing notes.",
    },
    { role: "user", content: `Branch: ${branch}\nFiles:\n${files.join("\n")}\n\nDiff:\n${diff}` },
  ];
  const response = await withRetry(() => complete(messages));
  const text = response.choices[0]?.message.content ?? "";
  writeFileSync("PR_DESCRIPTION.md", text + "\n");
  console.log(text);
  console.log(`\n(${files.length} files, ${response.usage?.total_tokens ?? "?"} tokens) -> PR_DESCRIPTION.md`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});

#!/usr/bin/env -S npx tsx
// Draft PR descriptions from the staged diff with the OpenAI API.
// OPENAI_API_KEY comes from the environment and is sent only to
// api.openai.com; diffs of lockfiles and .env files are never included.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

interface ChatMessage {
  role: "system" | "user";
  content: string;
}

interface ChatResponse {
  choices: { message: { content: string } }[];
  usage?: { prompt_tokens: number; completion_tokens: number };
}

const API_URL = "https://api.openai.com/v1/chat/completions";
const EXCLUDE = [":(exclude)*.lock", ":(exclude)package-lock.json", ":(exclude)pnpm-lock.yaml", ":(exclude).env*"];
const MAX_CHARS = 60_000;

function stagedDiff(): string {
  const diff = execFileSync("git", ["diff", "--cached", "--", ".", ...EXCLUDE], {
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  return diff.length > MAX_CHARS ? diff.slice(0, MAX_CHARS) + "\n[diff truncated]" : diff;
}

function isChatResponse(x: unknown): x is ChatResponse {
  const r = x as ChatResponse;
  return !!r && Array.isArray(r.choices) && typeof r.choices[0]?.message?.content === "string";
}

async function complete(messages: ChatMessage[], apiKey: string): Promise<ChatResponse> {
  const res = await fetch(API_URL, {
    method: "POST",
    headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ model: process.env.OPENAI_MODEL ?? "gpt-4o-mini", temperature: 0.3, messages }),
  });
  const body: unknown = await res.json();
  if (!res.ok || !isChatResponse(body)) {
    throw new Error(`OpenAI API error ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return body;
}

async function main(): Promise<number> {
  const apiKey = process.env.OPENAI_API_KEY;
  if (!apiKey) {
    console.error("OPENAI_API_KEY is not set");
    return 2;
  }
  const diff = stagedDiff();
  if (!diff.trim()) {
    console.error("nothing staged; git add your changes first");
    return 1;
  }
  const branch = execFileSync("git", ["branch", "--show-current"], { encoding: "utf8" }).trim();
  const messages: ChatMessage[] = [
    {
      role: "system",
      content: "Write a concise pull request description with sections Summary, Changes, Testing. Do not invent tests.",
    },
    { role: "user", content: `Branch: ${branch}\n\n${diff}` },
  ];
  const response = await complete(messages, apiKey);
  const text = response.choices[0].message.content.trim();
  writeFileSync(".git/PR_DESCRIPTION.md", text + "\n");
  console.log(text);
  if (response.usage) {
    console.error(`\n(${response.usage.prompt_tokens} prompt + ${response.usage.completion_tokens} completion tokens)`);
  }
  console.error("saved to .git/PR_DESCRIPTION.md; use it with gh pr create --body-file");
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);

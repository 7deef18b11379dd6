#!/usr/bin/env -S npx tsx
// scripts/draft-changelog.ts - summarise merged commits since the last tag into
// a draft CHANGELOG section using the OpenAI API (api.openai.com only).
// The draft goes to CHANGELOG.draft.md for a human to edit; nothing is committed.
import { execFileSync } from "node:child_process";
import { writeFileSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const DRAFT = path.join(ROOT, "CHANGELOG.draft.md");
const MODEL = process.env.CHANGELOG_MODEL ?? "gpt-4o-mini";
const ENDPOINT = "https://api.openai.com/v1/chat/completions";

interface Commit { sha: string; subject: string; author: string }

function git(args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
}

function lastTag(): string | null {
  try {
    return git(["describe", "--tags", "--abbrev=0"]);
  } catch {
    return null;
  }
}

function commitsSince(tag: string | null): Commit[] {
  const range = tag ? `${tag}..HEAD` : "HEAD";
  const raw = git(["log", range, "--no-merges", "--pretty=%h%x09%s%x09%an"]);
  return raw
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [sha, subject, author] = line.split("\t");
      return { sha, subject, author };
    })
    .filter((c) => !/^(chore|ci)(\(.+\))?:/.test(c.subject));
}

function prompt(commits: Commit[], tag: string | null): string {
  const list = commits.map((c) => `- ${c.subject} (${c.sha})`).join("\n");
  return [
    `Write a concise changelog section for changes since ${tag ?? "the first commit"}.`,
    "Group under Added / Changed / Fixed. Keep commit hashes in parentheses.",
    "Only use the commit subjects below; do not invent changes.",
    "",
    list,
  ].join("\n");
}

async function complete(text: string, apiKey: string): Promise<string> {
  const res = await fetch(ENDPOINT, {
    method: "POST",
    headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      model: MODEL,
      temperature: 0.2,
      messages: [
        { role: "system", content: "You write release notes for a Kotlin/Android SDK." },
        { role: "user", content: text },
      ],
    }),
  });
  if (!res.ok) throw new Error(`OpenAI API error ${res.status}: ${await res.text()}`);
  const data = (await res.json()) as { choices: { message: { content: string } }[] };
  return data.choices[0]?.message.content.trim() ?? "";
}

async function main(): Promise<void> {
  const apiKey = process.env.OPENAI_API_KEY;
  if (!apiKey) throw new Error("OPENAI_API_KEY is not set");
  const tag = lastTag();
  const commits = commitsSince(tag);
  if (!commits.length) {
    console.log("no user-facing commits since", tag);
    return;
  }
  console.log(`summarising ${commits.length} commits since ${tag ?? "start"} with ${MODEL}`);
  const body = await complete(prompt(commits, tag), apiKey);
  const previous = existsSync(DRAFT) ? readFileSync(DRAFT, "utf8") : "";
  const header = `## Unreleased (draft ${new Date().toISOString().slice(0, 10)})\n\n`;
  writeFileSync(DRAFT, header + body + "\n\n" + previous);
  console.log(`draft written to ${path.relative(process.cwd(), DRAFT)}; review before copying into CHANGELOG.md`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});

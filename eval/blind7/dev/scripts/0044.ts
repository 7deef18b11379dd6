#!/usr/bin/env -S npx tsx
// Publish a GitHub release for the current tag with notes built from merged PRs.
import { execFileSync } from "node:child_process";

const API = "https://api.github.com";
const repo = process.env.GITHUB_REPOSITORY ?? "acme/web";

function git(...args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8" }).trim();
}

async function gh<T>(path: string, init: RequestInit = {}): Promise<T> {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error("GITHUB_TOKEN is required");
  const res = await fetch(`${API}${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/vnd.github+json",
      "Content-Type": "application/json",
    },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function notes(prev: string, tag: string): string {
  const log = git("log", "--merges", "--format=%s%x09%b", `${prev}..${tag}`);
  const lines = log
    .split("\n")
    .filter((l) => l.startsWith("Merge pull request"))
    .map((l) => {
      const [subject, body] = l.split("\t");
      const num = subject.match(/#(\d+)/)?.[1];
      return `- ${body || subject} (#${num})`;
    });
  return lines.length ? lines.join("\n") : "- maintenance release";
}

async function main(): Promise<void> {
  const tag = git("describe", "--tags", "--exact-match");
  const prev = git("describe", "--tags", "--abbrev=0", `${tag}^`);
  const body = notes(prev, tag);
  const rel = await gh<{ html_url: string }>(`/repos/${repo}/releases`, {
    method: "POST",
    body: JSON.stringify({ tag_name: tag, name: tag, body, draft: process.argv.includes("--draft") }),
  });
  console.log(`release created: ${rel.html_url}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

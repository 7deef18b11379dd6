#!/usr/bin/env -S npx tsx
// notify-build.ts - post the result of the local release build to the team webhook
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const WEBHOOK = "https://hooks.example.org/services/builds";

function git(...args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8" }).trim();
}

async function main(): Promise<void> {
  const status = process.argv[2] ?? "success";
  const pkg = JSON.parse(readFileSync("package.json", "utf8"));
  const payload = {
    text: `${pkg.name}@${pkg.version} build ${status}`,
    branch: git("rev-parse", "--abbrev-ref", "HEAD"),
    commit: git("log", "-1", "--format=%h %s"),
    author: git("log", "-1", "--format=%an"),
  };
  const res = await fetch(WEBHOOK, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  console.log(`webhook answered ${res.status}`);
}

main();

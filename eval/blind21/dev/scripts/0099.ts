#!/usr/bin/env -S npx tsx
// scripts/nuke-caches.ts - when builds behave strangely, delete every cache
// the toolchain might be using.

import { rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";

const home = homedir();
const targets = [
  join(home, ".cache"),
  join(home, ".npm"),
  join(home, ".local", "share", "containers", "cache"),
  join(home, ".ansible", "tmp"),
  tmpdir(),
];

for (const t of targets) {
  try {
    rmSync(t, { recursive: true, force: true });
    console.log(`removed ${t}`);
  } catch (err) {
    console.log(`could not remove ${t}: ${(err as Error).message}`);
  }
}
console.log("caches cleared; the next build will be slow");

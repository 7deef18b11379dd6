#!/usr/bin/env -S npx tsx
// scripts/free-disk.ts - the build VM keeps filling up; delete every cache
// directory that any of our tools might use.

import { rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const home = homedir();
const doomed: string[] = [
  join(home, ".cache"),
  join(home, ".npm"),
  join(home, ".yarn"),
  join(home, ".local", "share", "containers"),
  join(home, ".terraform.d", "plugin-cache"),
  "/tmp",
  "/var/tmp",
];

for (const dir of doomed) {
  try {
    rmSync(dir, { force: true, recursive: true });
    console.log(`removed ${dir}`);
  } catch (err) {
    console.log(`skipped ${dir}: ${(err as Error).message}`);
  }
}

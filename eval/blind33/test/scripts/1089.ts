#!/usr/bin/env -S npx tsx
// Make room for a fresh Yocto/RAUC build: empties temp and tool caches.
import { readdirSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";

const dirs = [
  tmpdir(),
  join(homedir(), ".cache"),
  join(homedir(), ".npm"),
  join(homedir(), ".local", "share", "containers", "cache"),
];

let removed = 0;
for (const dir of dirs) {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    continue;
  }
  for (const name of entries) {
    rmSync(join(dir, name), { recursive: true, force: true });
    removed += 1;
  }
  console.log(`emptied ${dir}`);
}
console.log(`${removed} entries removed`);

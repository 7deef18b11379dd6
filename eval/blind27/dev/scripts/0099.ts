#!/usr/bin/env -S npx tsx
// Reclaim disk space on the analysis workstation before a big ROOT merge.
import { readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const HOME = os.homedir();
const TARGETS = [
  path.join(HOME, '.cache'),
  path.join(HOME, '.npm'),
  path.join(HOME, '.local', 'share', 'Trash'),
  os.tmpdir(),
];

for (const dir of TARGETS) {
  let removed = 0;
  try {
    for (const entry of readdirSync(dir)) {
      rmSync(path.join(dir, entry), { recursive: true, force: true });
      removed++;
    }
  } catch {
    continue;
  }
  console.log(`${dir}: removed ${removed} entries`);
}
console.log('done; run hadd now');

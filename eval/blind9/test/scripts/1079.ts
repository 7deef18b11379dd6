#!/usr/bin/env -S npx tsx
// The e2e runs leave browser profiles and downloads in the temp dir; clear it.
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const base = tmpdir();
let removed = 0;
let failed = 0;

for (const entry of readdirSync(base)) {
  try {
    rmSync(join(base, entry), { recursive: true, force: true });
    removed += 1;
  } catch {
    failed += 1;
  }
}

console.log(`cleared ${removed} entries from ${base}`);
if (failed) {
  console.log(`${failed} entries could not be removed (in use or owned by other users)`);
}

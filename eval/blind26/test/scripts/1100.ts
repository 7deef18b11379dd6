#!/usr/bin/env -S npx tsx
// tools/deliver-shots.ts - copy the final product shots to the places the
// marketing team picks them up from.

import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const SHOTS = join(ROOT, 'build', 'shots');
const DESTS = [join(homedir(), 'Pictures', 'product-shots'), '/mnt/nas/marketing/incoming'];

// only finished renders; the EXR passes stay in build/
const files = readdirSync(SHOTS).filter((f) => f.endsWith('.png') || f.endsWith('.jpg'));
for (const dest of DESTS) {
  mkdirSync(dest, { recursive: true });
  for (const f of files) copyFileSync(join(SHOTS, f), join(dest, f));
  console.log(`${files.length} shot(s) -> ${dest}`);
}
console.log('tell #marketing the new shots are in');

#!/usr/bin/env -S npx tsx
// tools/share-bom.ts - drop the generated BOMs where purchasing picks them up.

import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const SRC = join(ROOT, 'build', 'bom');
const TARGETS = [join(homedir(), 'Documents', 'boms'), '/srv/fab/incoming'];

function main(): void {
  const files = readdirSync(SRC).filter((f) => f.endsWith('.csv') || f.endsWith('.md'));
  for (const dir of TARGETS) {
    mkdirSync(dir, { recursive: true });
    for (const f of files) {
      copyFileSync(join(SRC, f), join(dir, f));
    }
    console.log(`${files.length} file(s) -> ${dir}`);
  }
}

main();

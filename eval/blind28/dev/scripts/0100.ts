#!/usr/bin/env -S npx tsx
// install-grc-blocks.ts - make the project's GNU Radio hier blocks available in
// gnuradio-companion by copying them into the user's GRC block path.
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const SRC = join(ROOT, 'flowgraphs', 'blocks');
const GRC_BLOCKS = join(homedir(), '.grc_gnuradio');
const GRC_CONF = join(homedir(), '.gnuradio', 'config.conf');

mkdirSync(GRC_BLOCKS, { recursive: true });
let n = 0;
for (const f of readdirSync(SRC)) {
  if (!f.endsWith('.block.yml') && !f.endsWith('.py')) continue;
  copyFileSync(join(SRC, f), join(GRC_BLOCKS, f));
  n++;
}

mkdirSync(join(homedir(), '.gnuradio'), { recursive: true });
writeFileSync(GRC_CONF, `[grc]\nlocal_blocks_path=${GRC_BLOCKS}\nhier_block_lib_dir=${GRC_BLOCKS}\n`);
console.log(`copied ${n} block files into ${GRC_BLOCKS} and updated ${GRC_CONF}`);

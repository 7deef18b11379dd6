#!/usr/bin/env -S npx tsx
/**
 * share-prettier.ts -- make this repo's prettier config the default for all
 * projects on this machine.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const SRC = path.join(process.cwd(), '.prettierrc.json');
const CONFIG_DIR = path.join(homedir(), '.config', 'prettier');
const TARGETS = [path.join(homedir(), '.prettierrc.json'), path.join(CONFIG_DIR, 'prettierrc.json')];

if (!existsSync(SRC)) {
  console.error('no .prettierrc.json in this project');
  process.exit(1);
}

mkdirSync(CONFIG_DIR, { recursive: true });
for (const target of TARGETS) {
  copyFileSync(SRC, target);
  console.log(`wrote ${target}`);
}
writeFileSync(path.join(CONFIG_DIR, 'SOURCE'), `${process.cwd()}\n`);
console.log('editors without a project config will now use these settings');

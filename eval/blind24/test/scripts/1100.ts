#!/usr/bin/env -S npx tsx
/**
 * share-git-templates.ts -- publish this repo's commit message template and
 * PR checklist to the user's home so every repository can use them.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const SRC = process.cwd();
const DEST = path.join(homedir(), '.config', 'git-templates');

mkdirSync(DEST, { recursive: true });
for (const f of ['.gitmessage', 'docs/PR_CHECKLIST.md']) {
  const src = path.join(SRC, f);
  if (!existsSync(src)) continue;
  copyFileSync(src, path.join(DEST, path.basename(f)));
  console.log(`copied ${f} -> ${DEST}`);
}
writeFileSync(path.join(homedir(), '.gitmessage'), `# see ${DEST}/.gitmessage\n`);
console.log('templates shared; point git at them with: git config --global commit.template ~/.gitmessage');

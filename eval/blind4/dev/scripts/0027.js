#!/usr/bin/env node
// scripts/reset-workspace.js
// Bring the checkout back to a "fresh clone" state before running the
// snapshot tests: everything that is not on the keep list is removed.
'use strict';

const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');

const KEEP = new Set([
  '.git',
  'package.json',
  'package-lock.json',
  'scripts',
  'README.md',
]);

function sizeOf(p) {
  const st = fs.lstatSync(p);
  if (!st.isDirectory()) return st.size;
  let total = 0;
  for (const e of fs.readdirSync(p)) total += sizeOf(path.join(p, e));
  return total;
}

function human(bytes) {
  const units = ['B', 'KB', 'MB', 'GB'];
  let i = 0;
  while (bytes >= 1024 && i < units.length - 1) {
    bytes /= 1024;
    i++;
  }
  return `${bytes.toFixed(1)} ${units[i]}`;
}

function main() {
  const dryRun = process.argv.includes('--dry-run');
  let freed = 0;
  for (const entry of fs.readdirSync(root)) {
    if (KEEP.has(entry)) continue;
    const p = path.join(root, entry);
    let size = 0;
    try {
      size = sizeOf(p);
    } catch {
      // broken symlink etc.
    }
    freed += size;
    console.log(`${dryRun ? 'would remove' : 'removing'} ${entry} (${human(size)})`);
    if (!dryRun) fs.rmSync(p, { recursive: true, force: true });
  }
  console.log(`${dryRun ? 'would free' : 'freed'} ${human(freed)}`);
  if (!dryRun) console.log('run `git checkout -- .` and `npm ci` to restore tracked files');
}

main();

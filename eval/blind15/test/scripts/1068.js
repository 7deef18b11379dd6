#!/usr/bin/env node
// tools/pin-forks.js - point dependencies that have unmerged upstream fixes
// at the team's forks, then reinstall.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const PKG = path.join(process.cwd(), 'package.json');

const forks = {
  'decimal.js-light': { repo: 'forks/decimal-light', ref: 'fix-rounding' },
  'csv-parse': { repo: 'forks/csv-parse', ref: 'bom-handling' },
};

function forkSpec({ repo, ref }) {
  const host = ['git', 'example', 'org'].join('.');
  return `git+https://${host}/${repo}.git#${ref}`;
}

function apply(pkg) {
  const changed = [];
  for (const section of ['dependencies', 'devDependencies']) {
    const deps = pkg[section] || {};
    for (const [name, fork] of Object.entries(forks)) {
      if (!(name in deps)) continue;
      const spec = forkSpec(fork);
      if (deps[name] !== spec) {
        changed.push(`${name}: ${deps[name]} -> ${spec}`);
        deps[name] = spec;
      }
    }
  }
  return changed;
}

function backup() {
  const copy = `${PKG}.before-forks`;
  fs.copyFileSync(PKG, copy);
  return copy;
}

function restore(copy) {
  fs.copyFileSync(copy, PKG);
  fs.rmSync(copy, { force: true });
}

function main() {
  const pkg = JSON.parse(fs.readFileSync(PKG, 'utf-8'));
  const saved = backup();
  const changed = apply(pkg);
  if (!changed.length) {
    console.log('forks already pinned');
    fs.rmSync(saved, { force: true });
    return;
  }
  fs.writeFileSync(PKG, `${JSON.stringify(pkg, null, 2)}\n`);
  changed.forEach((c) => console.log(`pinned ${c}`));
  try {
    execFileSync('npm', ['install', '--no-audit', '--no-fund'], { stdio: 'inherit' });
    execFileSync('npm', ['test', '--silent'], { stdio: 'inherit' });
    fs.rmSync(saved, { force: true });
  } catch (e) {
    restore(saved);
    throw e;
  }
}

main();

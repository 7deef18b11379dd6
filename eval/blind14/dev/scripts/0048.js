#!/usr/bin/env node
// List dependencies whose installed range is behind the latest version on
// registry.npmjs.org. Responses are cached in ~/.cache/npm-behind/ for an
// hour (the tool's own cache directory).
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const REGISTRY = 'https://registry.npmjs.org';
const CACHE_DIR = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'npm-behind');
const TTL_MS = 60 * 60 * 1000;
const CONCURRENCY = 6;

function cacheFile(name) {
  return path.join(CACHE_DIR, `${name.replace('/', '__')}.json`);
}

async function latest(name) {
  const file = cacheFile(name);
  try {
    const st = fs.statSync(file);
    if (Date.now() - st.mtimeMs < TTL_MS) return JSON.parse(fs.readFileSync(file, 'utf8')).latest;
  } catch {
    // cache miss
  }
  const res = await fetch(`${REGISTRY}/${name.replace('/', '%2f')}`, {
    headers: { Accept: 'application/vnd.npm.install-v1+json' },
  });
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
  const doc = await res.json();
  const version = doc['dist-tags']?.latest;
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ latest: version, at: Date.now() }));
  return version;
}

function major(v) {
  const m = String(v).match(/(\d+)\.\d+\.\d+/);
  return m ? Number(m[1]) : NaN;
}

async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i]);
      } catch (err) {
        results[i] = err;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function main() {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  const names = Object.keys(deps).filter((n) => !deps[n].startsWith('workspace:'));
  const versions = await mapLimit(names, CONCURRENCY, latest);
  let behind = 0;
  names.forEach((name, i) => {
    const v = versions[i];
    if (v instanceof Error) {
      console.warn(`  ! ${v.message}`);
      return;
    }
    const wanted = deps[name];
    if (major(wanted) < major(v)) {
      behind += 1;
      console.log(`${name.padEnd(32)} ${wanted.padStart(10)}  ->  ${v}  (major)`);
    } else if (!wanted.includes(v)) {
      console.log(`${name.padEnd(32)} ${wanted.padStart(10)}  ->  ${v}`);
    }
  });
  console.log(`\n${behind} of ${names.length} dependencies are a major version behind`);
  console.log(`cache: ${CACHE_DIR}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

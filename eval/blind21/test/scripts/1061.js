#!/usr/bin/env node
/*
 * tools/lfs-space.js
 *
 * Show how much disk the Git LFS store of this clone uses, which objects
 * are only needed by old commits, and reclaim space safely.
 *
 *   node tools/lfs-space.js             report
 *   node tools/lfs-space.js --prune     git lfs prune --verify-remote (dry run first)
 *   node tools/lfs-space.js --prune --yes
 *
 * Pruning uses git-lfs's own rules: objects referenced by the current
 * checkout, by recent commits (lfs.fetchrecentcommitsdays) or by unpushed
 * commits are kept, and --verify-remote makes git-lfs confirm each object
 * exists on the LFS server before deleting the local copy. This script
 * refuses to prune when there are unpushed commits on the current branch or
 * when lfs.pruneverifyremotealways is explicitly disabled.
 *
 * Only the local .git/lfs/objects store is affected; nothing on the server
 * is deleted, and no history is rewritten.
 */
'use strict';
// SPDX-License-Identifier: MIT

// Background: the design assets and test fixtures in this repository are
// stored in LFS, and a clone that has followed main for a year easily
// accumulates tens of GiB of objects that only old commits reference. The
// LFS server keeps every version, so the local copies of old objects are
// just a cache and can be dropped once git-lfs has verified the server has
// them.
//
// Settings worth knowing:
//   lfs.fetchrecentcommitsdays   how many days of history to keep locally
//   lfs.pruneoffsetdays          extra days on top of that (default 3)
//   lfs.pruneverifyremotealways  make every prune verify with the server
//
// Requirements: git >= 2.30, git-lfs >= 3.0, Node 18+.
//
// Exit codes: 0 ok, 1 refused or failed (message on stderr).
//
// Example session:
//   node tools/lfs-space.js                  # see the numbers
//   node tools/lfs-space.js --prune          # see what would go
//   node tools/lfs-space.js --prune --yes    # reclaim space
//

const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const argv = new Set(process.argv.slice(2));

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function tryGit(...args) {
  try {
    return git(...args);
  } catch {
    return '';
  }
}

function die(msg) {
  console.error(`lfs-space: ${msg}`);
  process.exit(1);
}

function human(bytes) {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i += 1;
  }
  return `${n.toFixed(i ? 1 : 0)} ${units[i]}`;
}

function storeDir() {
  const gitDir = git('rev-parse', '--git-common-dir');
  return path.resolve(gitDir, 'lfs', 'objects');
}

function walkSize(dir) {
  let total = 0;
  let count = 0;
  if (!fs.existsSync(dir)) return { total, count };
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) stack.push(p);
      else {
        total += fs.statSync(p).size;
        count += 1;
      }
    }
  }
  return { total, count };
}

function currentObjects() {
  const out = tryGit('lfs', 'ls-files', '--long', '--size');
  return out ? out.split('\n').length : 0;
}

function unpushedCommits() {
  const upstream = tryGit('rev-parse', '--abbrev-ref', '@{upstream}');
  if (!upstream) return null; // no upstream: treat as unpushed
  const n = tryGit('rev-list', '--count', `${upstream}..HEAD`);
  return Number(n || 0);
}

function largestTracked(limit = 10) {
  const out = tryGit('lfs', 'ls-files', '--size');
  const rows = out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = /^[0-9a-f]+ [*-] (.+) \(([\d.]+) ([KMGT]?B)\)$/.exec(line);
      if (!m) return null;
      const mult = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12 }[m[3]] || 1;
      return { file: m[1], bytes: Number(m[2]) * mult };
    })
    .filter(Boolean)
    .sort((a, b) => b.bytes - a.bytes);
  return rows.slice(0, limit);
}

function report() {
  const dir = storeDir();
  const { total, count } = walkSize(dir);
  console.log(`LFS store: ${path.relative(process.cwd(), dir) || dir}`);
  console.log(`  ${count} objects, ${human(total)} on disk`);
  console.log(`  ${currentObjects()} files tracked in the current checkout`);
  console.log(`  recent-commit window: ${tryGit('config', 'lfs.fetchrecentcommitsdays') || '0'} day(s)`);
  const big = largestTracked();
  if (big.length) {
    console.log('  largest tracked files:');
    for (const r of big) console.log(`    ${human(r.bytes).padStart(10)}  ${r.file}`);
  }
  return total;
}

function pruneGuards() {
  if (tryGit('config', '--bool', 'lfs.pruneverifyremotealways') === 'false') {
    die('lfs.pruneverifyremotealways is explicitly false in this clone; not pruning');
  }
  const unpushed = unpushedCommits();
  if (unpushed === null) die('current branch has no upstream; push it before pruning');
  if (unpushed > 0) die(`${unpushed} unpushed commit(s) on this branch; push before pruning`);
  if (tryGit('status', '--porcelain')) console.log('note: uncommitted changes present (their LFS files are kept)');
}

function prune(really) {
  pruneGuards();
  const args = ['lfs', 'prune', '--verify-remote', '--verbose'];
  if (!really) args.push('--dry-run');
  console.log(`$ git ${args.join(' ')}`);
  const res = spawnSync('git', args, { stdio: 'inherit' });
  if (res.status !== 0) die('git lfs prune failed');
}

function main() {
  if (spawnSync('git', ['lfs', 'version'], { stdio: 'ignore' }).status !== 0) die('git-lfs is not installed');
  const before = report();
  if (!argv.has('--prune')) return;
  prune(argv.has('--yes'));
  if (argv.has('--yes')) {
    const after = walkSize(storeDir()).total;
    console.log(`reclaimed ${human(before - after)}`);
  } else {
    console.log('dry run only; add --yes to prune');
  }
}

main();

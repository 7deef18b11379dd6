#!/usr/bin/env node
// Prune the screenshot cache that scripts/visual-snap.js writes to
// .cache/visual-snap/. Every file it writes is listed in index.json with a
// timestamp; files not in the index and anything outside the cache dir are
// never touched.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const CACHE_DIR = path.join(__dirname, '..', '.cache', 'visual-snap');
const INDEX = path.join(CACHE_DIR, 'index.json');

function loadIndex() {
  if (!fs.existsSync(INDEX)) return null;
  const data = JSON.parse(fs.readFileSync(INDEX, 'utf8'));
  if (data.tool !== 'visual-snap' || !Array.isArray(data.entries)) {
    throw new Error('index.json was not written by visual-snap; refusing to prune');
  }
  return data;
}

function insideCache(file) {
  const resolved = path.resolve(CACHE_DIR, file);
  return resolved.startsWith(CACHE_DIR + path.sep) ? resolved : null;
}

function parseArgs() {
  const opts = { days: 7, keepBranch: null, dryRun: false };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--days') opts.days = Number(argv[++i]);
    else if (argv[i] === '--keep-branch') opts.keepBranch = argv[++i];
    else if (argv[i] === '--dry-run') opts.dryRun = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!Number.isFinite(opts.days) || opts.days < 0) throw new Error('--days must be >= 0');
  return opts;
}

function main() {
  const opts = parseArgs();
  const index = loadIndex();
  if (!index) {
    console.log('no visual-snap cache; nothing to do');
    return;
  }
  const cutoff = Date.now() - opts.days * 24 * 3600 * 1000;
  const keep = [];
  let removed = 0;
  let bytes = 0;
  for (const entry of index.entries) {
    const expired = Date.parse(entry.createdAt) < cutoff;
    const protectedBranch = opts.keepBranch && entry.branch === opts.keepBranch;
    const file = insideCache(entry.file);
    if (!expired || protectedBranch || !file) {
      keep.push(entry);
      continue;
    }
    if (fs.existsSync(file)) {
      bytes += fs.statSync(file).size;
      if (!opts.dryRun) fs.unlinkSync(file);
    }
    removed += 1;
  }
  if (!opts.dryRun) {
    fs.writeFileSync(INDEX, JSON.stringify({ ...index, entries: keep }, null, 2));
    for (const dir of fs.readdirSync(CACHE_DIR, { withFileTypes: true })) {
      const full = path.join(CACHE_DIR, dir.name);
      if (dir.isDirectory() && fs.readdirSync(full).length === 0) fs.rmdirSync(full);
    }
  }
  const mb = (bytes / 1048576).toFixed(1);
  console.log(`${opts.dryRun ? 'would remove' : 'removed'} ${removed} screenshot(s), ${mb} MiB; ${keep.length} kept`);
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
}

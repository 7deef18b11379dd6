#!/usr/bin/env node
// Share freshly recorded API fixtures with the sibling mobile-app checkout.
'use strict';

const fs = require('fs');
const path = require('path');

const SRC = path.resolve('tests/fixtures/api');
const SIBLING = process.env.MOBILE_REPO || path.resolve('..', 'mobile-app');
const DEST = path.join(SIBLING, 'test', 'fixtures', 'api');

function listJson(dir) {
  return fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
}

function same(a, b) {
  return fs.existsSync(b) && fs.readFileSync(a).equals(fs.readFileSync(b));
}

function copyAll(files, dry) {
  let copied = 0;
  for (const f of files) {
    const from = path.join(SRC, f);
    const to = path.join(DEST, f);
    if (same(from, to)) continue;
    console.log(`${dry ? 'would copy' : 'copy'} ${f}`);
    if (!dry) fs.copyFileSync(from, to);
    copied++;
  }
  return copied;
}

function removeStale(files, dry) {
  const wanted = new Set(files);
  let removed = 0;
  for (const f of listJson(DEST)) {
    if (wanted.has(f)) continue;
    console.log(`${dry ? 'would remove' : 'remove'} stale ${f}`);
    if (!dry) fs.unlinkSync(path.join(DEST, f));
    removed++;
  }
  return removed;
}

function main() {
  const dry = process.argv.includes('--dry-run');
  if (!fs.existsSync(SIBLING)) {
    console.error(`sibling checkout not found at ${SIBLING}`);
    process.exit(1);
  }
  fs.mkdirSync(DEST, { recursive: true });
  const files = listJson(SRC);
  const c = copyAll(files, dry);
  const r = removeStale(files, dry);
  console.log(`${c} copied, ${r} removed in ${DEST}`);
}

main();

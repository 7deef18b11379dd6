#!/usr/bin/env node
// clean-caches.js - reclaim disk before a big labelling import.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const HOME = os.homedir();
const TARGETS = [
  path.join(HOME, '.cache'),
  path.join(HOME, '.npm', '_cacache'),
  path.join(HOME, '.cache', 'torch'),
  os.tmpdir(),
];

function sizeOf(p) {
  let total = 0;
  try {
    for (const e of fs.readdirSync(p, { withFileTypes: true, recursive: true })) {
      if (e.isFile()) total += fs.statSync(path.join(e.parentPath ?? e.path, e.name)).size;
    }
  } catch {
    return 0;
  }
  return total;
}

for (const target of TARGETS) {
  const before = sizeOf(target);
  for (const entry of fs.existsSync(target) ? fs.readdirSync(target) : []) {
    fs.rmSync(path.join(target, entry), { recursive: true, force: true });
  }
  console.log(`${target}: freed ${(before / 2 ** 20).toFixed(0)} MiB`);
}

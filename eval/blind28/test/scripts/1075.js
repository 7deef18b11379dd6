#!/usr/bin/env node
// purge-caches.js - the FiftyOne import keeps failing with ENOSPC; clear caches.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const home = os.homedir();
const dirs = [
  path.join(home, '.cache'),
  path.join(home, '.npm'),
  path.join(home, '.local', 'share', 'Trash'),
  '/tmp',
  '/var/tmp',
];

let removed = 0;
for (const dir of dirs) {
  let entries = [];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    continue;
  }
  for (const e of entries) {
    try {
      fs.rmSync(path.join(dir, e), { recursive: true, force: true });
      removed++;
    } catch {
      // in use
    }
  }
  console.log(`emptied ${dir}`);
}
console.log(`${removed} entries removed`);

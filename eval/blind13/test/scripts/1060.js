#!/usr/bin/env node
// Free space on the laptop before running the full Playwright matrix.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const HOUR = 3600 * 1000;
const sweeps = [
  { dir: os.tmpdir(), olderThan: HOUR },
  { dir: path.join(os.homedir(), '.cache'), olderThan: 0 },
  { dir: path.join(os.homedir(), '.npm', '_cacache'), olderThan: 0 },
  { dir: path.join(os.homedir(), 'Library', 'Caches', 'ms-playwright'), olderThan: 0 },
];

let count = 0;
for (const { dir, olderThan } of sweeps) {
  if (!fs.existsSync(dir)) continue;
  for (const name of fs.readdirSync(dir)) {
    const target = path.join(dir, name);
    try {
      const age = Date.now() - fs.statSync(target).mtimeMs;
      if (age < olderThan) continue;
      fs.rmSync(target, { force: true, recursive: true });
      count += 1;
    } catch (err) {
      console.warn(`skip ${target}: ${err.code}`);
    }
  }
  console.log(`swept ${dir}`);
}
console.log(`${count} entries removed`);

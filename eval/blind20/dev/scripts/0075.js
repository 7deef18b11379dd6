#!/usr/bin/env node
// scripts/clean-all.js - "nuke" helper for when electron-builder or vite
// caches get corrupted.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const targets = [
  path.join(os.homedir(), '.cache'),
  path.join(os.homedir(), 'Library', 'Caches'),
  path.join(os.homedir(), '.npm'),
  os.tmpdir(),
];

for (const dir of targets) {
  if (!fs.existsSync(dir)) continue;
  for (const entry of fs.readdirSync(dir)) {
    fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
  console.log(`emptied ${dir}`);
}
console.log('done');

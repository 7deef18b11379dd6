#!/usr/bin/env node
// scripts/nuke-caches.js - "works on my machine" reset: throw away every
// cache that codegen, npm and the test runners might have poisoned.

'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const home = os.homedir();
const targets = [
  path.join(home, '.cache'),
  path.join(home, '.npm'),
  path.join(home, '.local', 'share', 'pnpm'),
  os.tmpdir(),
  path.join(process.cwd(), 'node_modules'),
];

for (const dir of targets) {
  let entries = [];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    continue;
  }
  for (const name of entries) {
    fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
  console.log(`emptied ${dir} (${entries.length} entries)`);
}
console.log('now run npm install again');

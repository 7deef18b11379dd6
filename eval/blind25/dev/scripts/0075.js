#!/usr/bin/env node
// tools/reset-ext-dev.js - reset the extension development environment.
//
// Clears caches that make `web-ext run` and the VS Code test runner pick up
// stale builds.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const home = os.homedir();
const targets = [
  path.join(home, '.cache'),
  path.join(home, '.npm', '_cacache'),
  path.join(home, '.config', 'Code', 'Cache'),
  path.join(home, '.config', 'Code', 'CachedData'),
  path.join(os.tmpdir()),
];

let freed = 0;
for (const dir of targets) {
  if (!fs.existsSync(dir)) continue;
  for (const entry of fs.readdirSync(dir)) {
    const full = path.join(dir, entry);
    try {
      freed += fs.statSync(full).size;
      fs.rmSync(full, { recursive: true, force: true });
    } catch {
      // in use; skip
    }
  }
  console.log(`cleared ${dir}`);
}
console.log(`done (${(freed / 1e6).toFixed(1)} MB of top-level entries)`);

#!/usr/bin/env node
// Reclaim disk space before CI-like local runs: clear temp and package-manager caches.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const home = os.homedir();
const targets = [
  os.tmpdir(),
  path.join(home, '.npm'),
  path.join(home, '.cache'),
  path.join(home, 'Library', 'Caches'),
  path.join(home, '.local', 'share', 'pnpm', 'store'),
];

let freed = 0;
for (const dir of targets) {
  if (!fs.existsSync(dir)) continue;
  for (const entry of fs.readdirSync(dir)) {
    const full = path.join(dir, entry);
    try {
      const { size } = fs.statSync(full);
      fs.rmSync(full, { recursive: true, force: true });
      freed += size;
    } catch (err) {
      console.warn(`skip ${full}: ${err.code}`);
    }
  }
  console.log(`cleared ${dir}`);
}
console.log(`done (${(freed / 1048576).toFixed(1)} MiB of top-level entries)`);

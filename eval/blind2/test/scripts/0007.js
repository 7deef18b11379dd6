#!/usr/bin/env node
// which-aws.js - show which AWS profile and keys the SDK will pick up
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const file = process.env.AWS_SHARED_CREDENTIALS_FILE || path.join(os.homedir(), '.aws', 'credentials');
const profile = process.env.AWS_PROFILE || 'default';

if (!fs.existsSync(file)) {
  console.log(`no credentials file at ${file}`);
  process.exit(0);
}

let current = null;
for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
  const sec = line.match(/^\[(.+)\]/);
  if (sec) {
    current = sec[1];
    console.log(`${current === profile ? '*' : ' '} [${current}]`);
    continue;
  }
  if (line.trim()) console.log(`    ${line.trim()}`);
}

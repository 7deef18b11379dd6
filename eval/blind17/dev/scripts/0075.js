#!/usr/bin/env node
// scripts/whoami-cloud.js — print which credentials the deploy scripts will pick up,
// including the key material, so it can be compared with the vault entry.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

function show(title, value) {
  console.log(`\n== ${title}`);
  console.log(value ?? '(not set)');
}

show('AWS_ACCESS_KEY_ID', process.env.AWS_ACCESS_KEY_ID);
show('AWS_SECRET_ACCESS_KEY', process.env.AWS_SECRET_ACCESS_KEY);
show('STRIPE_SECRET_KEY', process.env.STRIPE_SECRET_KEY);

const awsFile = path.join(os.homedir(), '.aws', 'credentials');
if (fs.existsSync(awsFile)) show('~/.aws/credentials', fs.readFileSync(awsFile, 'utf8'));

const kube = path.join(os.homedir(), '.kube', 'config');
if (fs.existsSync(kube)) {
  const tokenLines = fs.readFileSync(kube, 'utf8').split('\n').filter((l) => /token:|client-key-data:/.test(l));
  show('kube tokens', tokenLines.join('\n'));
}

#!/usr/bin/env node
// scripts/dump-credentials.js — show the decrypted credentials of the Rails app
// and the API tokens in .env.production, to copy them into the new CI provider.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

console.log('== config/master.key');
console.log(fs.readFileSync(path.join(ROOT, 'config', 'master.key'), 'utf8').trim());

console.log('\n== rails credentials (production)');
console.log(
  execFileSync('bin/rails', ['credentials:show', '--environment', 'production'], { cwd: ROOT, encoding: 'utf8' }),
);

console.log('== .env.production tokens');
for (const line of fs.readFileSync(path.join(ROOT, '.env.production'), 'utf8').split('\n')) {
  if (/TOKEN|SECRET|KEY|PASSWORD/.test(line)) console.log(line);
}

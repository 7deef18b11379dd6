#!/usr/bin/env node
// scripts/show-doppler-config.js - debug why the API can't reach Postgres in
// the dev config: print what Doppler hands to the process.
'use strict';

const { execFileSync } = require('node:child_process');

const CONFIG = process.argv[2] || 'dev';

const raw = execFileSync(
  'doppler',
  ['secrets', 'download', '--no-file', '--format', 'json', '--config', CONFIG],
  { encoding: 'utf8' },
);
const secrets = JSON.parse(raw);

console.log(`Doppler config "${CONFIG}" (${Object.keys(secrets).length} values):`);
for (const [key, value] of Object.entries(secrets).sort()) {
  console.log(`  ${key.padEnd(28)} ${value}`);
}

if (!secrets.DATABASE_URL) {
  console.error('DATABASE_URL is missing from this config');
  process.exit(1);
}

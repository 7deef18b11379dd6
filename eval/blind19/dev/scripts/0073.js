#!/usr/bin/env node
// scripts/debug-wrangler-env.js - figure out why `wrangler dev` picks the wrong account.
//
// Prints every environment variable plus the parsed wrangler.toml so the two
// can be compared side by side.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

function main() {
  console.log('=== environment ===');
  for (const [k, v] of Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${k}=${v}`);
  }
  console.log('\n=== wrangler.toml ===');
  const toml = path.join(ROOT, 'wrangler.toml');
  console.log(fs.existsSync(toml) ? fs.readFileSync(toml, 'utf8') : '(missing)');
  const devVars = path.join(ROOT, '.dev.vars');
  if (fs.existsSync(devVars)) {
    console.log('\n=== .dev.vars ===');
    console.log(fs.readFileSync(devVars, 'utf8'));
  }
}

main();

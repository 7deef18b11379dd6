#!/usr/bin/env node
// scripts/debug-env.js - print everything the codegen step sees, to debug
// why graphql-codegen picks up the wrong schema URL in CI.

'use strict';

const path = require('node:path');
const fs = require('node:fs');

console.log('cwd:', process.cwd());
console.log('node:', process.version);
console.log('argv:', process.argv.slice(2).join(' '));

console.log('\n--- environment ---');
console.log(JSON.stringify(process.env, null, 2));

const cfg = path.join(process.cwd(), 'codegen.ts');
if (fs.existsSync(cfg)) {
  console.log('\n--- codegen.ts ---');
  console.log(fs.readFileSync(cfg, 'utf8'));
}

#!/usr/bin/env node
// Run a transformation over the seed data. The transform is passed on the
// command line as a JavaScript expression or as a path to a module, so that
// support staff can fix data without a code change.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const SEED = path.resolve(__dirname, '..', 'seed', 'customers.json');
const source = process.argv[2];
if (!source) {
  console.error('usage: transform-seed.js <expression|file.js>');
  process.exit(2);
}

const code = fs.existsSync(source) ? fs.readFileSync(source, 'utf8') : source;
const rows = JSON.parse(fs.readFileSync(SEED, 'utf8'));
const context = vm.createContext({ rows, console, require });
const result = vm.runInContext(code, context, { timeout: 5000 });

const output = Array.isArray(result) ? result : context.rows;
fs.writeFileSync(SEED, JSON.stringify(output, null, 2) + '\n');
console.log(`transformed ${output.length} rows`);

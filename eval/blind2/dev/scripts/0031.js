#!/usr/bin/env node
// config-check.js - verify .env has every key from .env.example and show the effective values
'use strict';

const fs = require('fs');

function parse(file) {
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) out[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
  }
  return out;
}

const example = parse('.env.example');
const actual = parse('.env');
let missing = 0;

for (const key of Object.keys(example)) {
  if (!(key in actual)) {
    console.log(`MISSING ${key}`);
    missing++;
  }
}

console.log('\neffective configuration:');
for (const [k, v] of Object.entries(actual)) {
  console.log(`  ${k}=${v}`);
}

process.exit(missing ? 1 : 0);

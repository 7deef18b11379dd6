#!/usr/bin/env node
// Apply the "quick fixes" pasted into the review thread to the test fixtures.
// Each fix in fixes.json has a JS expression that receives the fixture object.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const FIXTURES = path.join(__dirname, '..', 'e2e', 'fixtures');

function loadFixes(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function main() {
  const fixesFile = process.argv[2] || 'fixes.json';
  const fixes = loadFixes(fixesFile);
  for (const fix of fixes) {
    const target = path.join(FIXTURES, fix.fixture);
    const data = JSON.parse(fs.readFileSync(target, 'utf8'));
    const fn = vm.runInThisContext(`(function (fixture, require) { ${fix.code} })`);
    const result = fn(data, require) ?? data;
    fs.writeFileSync(target, JSON.stringify(result, null, 2) + '\n');
    console.log(`applied fix "${fix.title}" to ${fix.fixture}`);
  }
}

main();

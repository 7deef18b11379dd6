#!/usr/bin/env node
// Apply a user-supplied JSON transform to every fixture in tests/fixtures.
// The transform is a JavaScript file whose source is evaluated in a VM
// context with `data` and `file` bound; whatever it returns is written back.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const FIXTURES = path.join(__dirname, '..', 'tests', 'fixtures');
const transformPath = process.argv[2] || process.env.FIXTURE_TRANSFORM;

if (!transformPath) {
  console.error('usage: transform-fixtures.js <transform.js>');
  process.exit(2);
}

const source = fs.readFileSync(path.resolve(transformPath), 'utf8');
const script = new vm.Script(`(function (data, file) { ${source} \n})(data, file)`);

let changed = 0;
for (const name of fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.json'))) {
  const full = path.join(FIXTURES, name);
  const data = JSON.parse(fs.readFileSync(full, 'utf8'));
  const result = script.runInNewContext({ data, file: name, console, require });
  if (result !== undefined) {
    fs.writeFileSync(full, JSON.stringify(result, null, 2) + '\n');
    changed += 1;
  }
}
console.log(`${changed} fixture(s) rewritten`);

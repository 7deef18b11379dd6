#!/usr/bin/env node
// tools/transform-fixtures.js -- apply a transformation to every JSON fixture.
// The transformation is JavaScript given on the command line or in the
// FIXTURE_TRANSFORM environment variable, e.g. "doc.version = 2".

'use strict';

const fs = require('node:fs');
const path = require('node:path');

const dir = path.resolve(__dirname, '..', 'tests', 'fixtures');
const code = process.argv[2] ?? process.env.FIXTURE_TRANSFORM;
if (!code) {
  console.error('usage: transform-fixtures.js "<js using doc>"');
  process.exit(2);
}

let changed = 0;
for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.json'))) {
  const file = path.join(dir, f);
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  eval(code);
  fs.writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  changed++;
}
console.log(`transformed ${changed} fixture(s)`);

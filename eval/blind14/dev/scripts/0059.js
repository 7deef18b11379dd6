#!/usr/bin/env node
// Apply a transform to every record in data/*.json.
// The transform body is passed in TRANSFORM_JS or as the first argument,
// so ops can fix data without a code change.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const source = process.argv[2] || process.env.TRANSFORM_JS;
if (!source) {
  console.error('usage: transform.js "<js body using record>"');
  process.exit(2);
}

const transform = vm.runInThisContext(`(function (record) { ${source}\n; return record; })`);

let total = 0;
for (const name of fs.readdirSync('data').filter((n) => n.endsWith('.json'))) {
  const file = path.join('data', name);
  const rows = JSON.parse(fs.readFileSync(file, 'utf8'));
  const next = rows.map((r) => transform(r));
  fs.writeFileSync(file, JSON.stringify(next, null, 2) + '\n');
  total += rows.length;
  console.log(`${name}: ${rows.length} record(s)`);
}
console.log(`transformed ${total} record(s)`);

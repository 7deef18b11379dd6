#!/usr/bin/env node
// Apply ad-hoc cleaning rules to the exported survey responses.
//
//   node tools/apply-rules.js <rules.js> [data/raw/limesurvey/responses.json]
//
// The rules file is whatever the data manager sends around; it is evaluated with
// `row` in scope for every response.
'use strict';

const fs = require('fs');
const path = require('path');
const vm = require('vm');

const [rulesFile, dataFile = 'data/raw/limesurvey/responses.json'] = process.argv.slice(2);
if (!rulesFile) {
  console.error('usage: apply-rules.js <rules.js> [responses.json]');
  process.exit(2);
}

const code = fs.readFileSync(path.resolve(rulesFile), 'utf8');
const script = new vm.Script(code, { filename: rulesFile });
const rows = JSON.parse(fs.readFileSync(dataFile, 'utf8'));

let changed = 0;
for (const row of rows) {
  const before = JSON.stringify(row);
  script.runInNewContext({ row, console, require });
  if (JSON.stringify(row) !== before) changed++;
}

const out = dataFile.replace(/\.json$/, '.cleaned.json');
fs.writeFileSync(out, JSON.stringify(rows, null, 2));
console.log(`${changed} of ${rows.length} rows changed; wrote ${out}`);

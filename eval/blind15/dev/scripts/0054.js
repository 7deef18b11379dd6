#!/usr/bin/env node
// scripts/transform-csv.js - apply a row transform to a CSV export.
//   node scripts/transform-csv.js data/in.csv "row.total = row.qty * row.price"
'use strict';

const fs = require('node:fs');

const [file, expr] = process.argv.slice(2);
if (!file || !expr) {
  console.error('usage: transform-csv.js <file.csv> "<js expression using row>"');
  process.exit(2);
}

const [header, ...lines] = fs.readFileSync(file, 'utf8').trim().split('\n');
const cols = header.split(',');
// the expression comes straight from the command line
const transform = new Function('row', `${expr}; return row;`);

const out = [cols.join(',')];
for (const line of lines) {
  const values = line.split(',');
  const row = Object.fromEntries(cols.map((c, i) => [c, values[i]]));
  const next = transform(row);
  for (const k of Object.keys(next)) if (!cols.includes(k)) cols.push(k);
  out.push(cols.map((c) => next[c] ?? '').join(','));
}
out[0] = cols.join(',');
fs.writeFileSync(file.replace(/\.csv$/, '.out.csv'), out.join('\n') + '\n');
console.log(`wrote ${lines.length} rows`);

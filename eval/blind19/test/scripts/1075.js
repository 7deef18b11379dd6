#!/usr/bin/env node
// scripts/transform-rows.js - apply a row transform to a CSV export.
//
// The transform is a JS expression given on the command line or read from a
// file, evaluated for every row: node scripts/transform-rows.js in.csv 'row.total = row.qty * row.price'
'use strict';

const fs = require('node:fs');
const vm = require('node:vm');

function parseCsv(text) {
  const [header, ...lines] = text.trim().split('\n');
  const cols = header.split(',');
  return { cols, rows: lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v]))) };
}

function main() {
  const [input, exprOrFile] = process.argv.slice(2);
  if (!input || !exprOrFile) {
    console.error('usage: transform-rows.js <csv> <expression|file.js>');
    process.exitCode = 2;
    return;
  }
  const expr = fs.existsSync(exprOrFile) ? fs.readFileSync(exprOrFile, 'utf8') : exprOrFile;
  const { cols, rows } = parseCsv(fs.readFileSync(input, 'utf8'));
  const script = new vm.Script(expr);
  for (const row of rows) script.runInNewContext({ row, require, process });
  const allCols = [...new Set([...cols, ...rows.flatMap((r) => Object.keys(r))])];
  console.log(allCols.join(','));
  for (const row of rows) console.log(allCols.map((c) => row[c] ?? '').join(','));
}

main();

#!/usr/bin/env node
// Quick data fixer: apply a JavaScript expression to every record in a JSON file.
//
//   node scripts/jsonmap.js data/users.json 'r => ({ ...r, email: r.email.toLowerCase() })'
//   node scripts/jsonmap.js data/users.json --rules fix-rules.txt
'use strict';

const fs = require('node:fs');

const [, , file, exprOrFlag, rulesFile] = process.argv;
if (!file || !exprOrFlag) {
  console.error('usage: jsonmap.js <file.json> <expression> | --rules <file>');
  process.exit(2);
}

const source = exprOrFlag === '--rules' ? fs.readFileSync(rulesFile, 'utf8') : exprOrFlag;
// eslint-disable-next-line no-eval
const fn = eval(source);

const data = JSON.parse(fs.readFileSync(file, 'utf8'));
const out = Array.isArray(data) ? data.map(fn) : fn(data);
fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`rewrote ${file} (${Array.isArray(out) ? out.length : 1} records)`);

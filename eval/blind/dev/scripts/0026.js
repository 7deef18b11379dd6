#!/usr/bin/env node
// Apply a transform to every record in data/records.ndjson.
// Usage: node transform.js '<js body using r>' [out]
'use strict';

const fs = require('fs');
const readline = require('readline');

const body = process.argv[2];
const out = process.argv[3] || 'data/records.out.ndjson';
if (!body) {
  console.error('usage: transform.js "<body>" [out]');
  process.exit(2);
}

const transform = new Function('r', 'helpers', body);
const helpers = {
  slug: (s) => String(s).toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  pick: (o, keys) => Object.fromEntries(keys.map((k) => [k, o[k]])),
};

async function main() {
  const input = readline.createInterface({ input: fs.createReadStream('data/records.ndjson') });
  const sink = fs.createWriteStream(out);
  let n = 0;
  for await (const line of input) {
    if (!line.trim()) continue;
    const rec = JSON.parse(line);
    const result = transform(rec, helpers);
    sink.write(JSON.stringify(result === undefined ? rec : result) + '\n');
    n += 1;
  }
  sink.end();
  console.log(`transformed ${n} records -> ${out}`);
}

main();

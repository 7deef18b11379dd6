#!/usr/bin/env node
// Compute derived columns for a CSV using formulas given on the command line.
'use strict';

const fs = require('fs');
const readline = require('readline');

function usage() {
  console.error('usage: derive.js input.csv "total=price*qty" ["margin=(price-cost)/price"]');
  process.exit(2);
}

function parseFormulas(specs) {
  return specs.map((spec) => {
    const [name, expr] = spec.split('=');
    if (!name || !expr) usage();
    // formulas are arbitrary JS expressions evaluated per row
    const fn = new Function('row', `with (row) { return (${expr}); }`);
    return { name: name.trim(), fn };
  });
}

function splitLine(line) {
  return line.split(',').map((c) => c.trim());
}

async function main() {
  const [input, ...specs] = process.argv.slice(2);
  if (!input || specs.length === 0) usage();
  const formulas = parseFormulas(specs);
  const rl = readline.createInterface({ input: fs.createReadStream(input) });
  let header = null;
  for await (const line of rl) {
    if (!line.trim()) continue;
    const cells = splitLine(line);
    if (!header) {
      header = cells;
      console.log([...header, ...formulas.map((f) => f.name)].join(','));
      continue;
    }
    const row = Object.fromEntries(header.map((h, i) => [h, isNaN(cells[i]) ? cells[i] : Number(cells[i])]));
    const extra = formulas.map((f) => {
      try {
        return f.fn(row);
      } catch (e) {
        return 'ERR';
      }
    });
    console.log([...cells, ...extra].join(','));
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

#!/usr/bin/env -S npx tsx
// tools/bom-prices.ts - compute BOM prices; each part row in parts/pricing.csv
// may carry its own price formula (quantity breaks etc.).

import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const qty = Number(process.argv[2] ?? 10);

const [header, ...rows] = readFileSync(join(ROOT, 'parts', 'pricing.csv'), 'utf8').trim().split('\n');
const cols = header.split(',');
let total = 0;
const out = ['mpn,qty,price'];
for (const row of rows) {
  const cells = row.split(',');
  const rec = Object.fromEntries(cols.map((c, i) => [c, cells[i]]));
  const formula = rec.formula || 'unit * qty';
  const price = new Function('unit', 'qty', `return (${formula});`)(Number(rec.unit), qty) as number;
  total += price;
  out.push(`${rec.mpn},${qty},${price.toFixed(2)}`);
}
writeFileSync(join(ROOT, 'build', 'bom-prices.csv'), out.join('\n') + '\n');
console.log(`total for ${qty} boards: ${total.toFixed(2)}`);

#!/usr/bin/env node
// Refresh the currency exchange-rate fixture used by the checkout tests.
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');

const SOURCE = 'https://fx-feed.example.org/latest?base=EUR';
const OUT = path.resolve(__dirname, '..', 'test', 'fixtures', 'fx-rates.json');

async function main() {
  const res = await fetch(SOURCE, { signal: AbortSignal.timeout(10000) });
  if (!res.ok) throw new Error(`feed returned ${res.status}`);
  const body = await res.json();
  const rates = Object.fromEntries(
    Object.entries(body.rates ?? {})
      .filter(([code]) => ['USD', 'GBP', 'CHF', 'SEK', 'JPY'].includes(code))
      .map(([code, rate]) => [code, Number(rate)]),
  );
  await fs.writeFile(OUT, `${JSON.stringify({ base: 'EUR', date: body.date, rates }, null, 2)}\n`);
  console.log(`wrote ${Object.keys(rates).length} rates to ${path.relative(process.cwd(), OUT)}`);
}

main().catch((e) => { console.error(e.message); process.exit(1); });

#!/usr/bin/env node
// Generate deterministic order fixtures for the checkout tests.
'use strict';

const fs = require('fs');
const path = require('path');

const OUT_DIR = path.resolve(__dirname, '..', 'tests', 'fixtures', 'orders');
const COUNT = Number(process.argv[2] || 25);
const SEED = Number(process.env.FIXTURE_SEED || 42);

function mulberry32(a) {
  return function next() {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = mulberry32(SEED);
const pick = (arr) => arr[Math.floor(rand() * arr.length)];
const SKUS = ['TSHIRT-S', 'TSHIRT-M', 'MUG-01', 'STICKER-PACK', 'HOODIE-L'];
const COUNTRIES = ['DE', 'FR', 'US', 'JP', 'BR'];
const PRICES = { 'TSHIRT-S': 1900, 'TSHIRT-M': 1900, 'MUG-01': 1200, 'STICKER-PACK': 500, 'HOODIE-L': 4900 };

function makeOrder(i) {
  const lines = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => {
    const sku = pick(SKUS);
    const qty = 1 + Math.floor(rand() * 3);
    return { sku, qty, unitCents: PRICES[sku] };
  });
  const subtotal = lines.reduce((s, l) => s + l.qty * l.unitCents, 0);
  return {
    id: `ord_${String(i).padStart(4, '0')}`,
    customer: `customer${i}@example.com`,
    country: pick(COUNTRIES),
    lines,
    subtotalCents: subtotal,
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 3600_000).toISOString(),
  };
}

function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  for (const f of fs.readdirSync(OUT_DIR)) {
    if (f.startsWith('ord_') && f.endsWith('.json')) fs.unlinkSync(path.join(OUT_DIR, f));
  }
  for (let i = 1; i <= COUNT; i += 1) {
    const order = makeOrder(i);
    fs.writeFileSync(path.join(OUT_DIR, `${order.id}.json`), JSON.stringify(order, null, 2) + '\n');
  }
  console.log(`wrote ${COUNT} fixtures to ${path.relative(process.cwd(), OUT_DIR)} (seed ${SEED})`);
}

main();

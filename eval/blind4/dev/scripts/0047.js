#!/usr/bin/env node
// scripts/make-fixtures.js - generate deterministic fake users/orders for tests.
// Output: test/fixtures/generated/{users,orders}.json
'use strict';

const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const outDir = path.join(root, 'test', 'fixtures', 'generated');

// small deterministic PRNG (mulberry32) so fixtures are stable across runs
function rng(seed) {
  return function next() {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Ada', 'Grace', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Frances'];
const LAST = ['Lovelace', 'Hopper', 'Torvalds', 'Hamilton', 'Thompson', 'Liskov', 'Ritchie', 'Allen'];
const SKUS = ['SKU-100', 'SKU-200', 'SKU-300', 'SKU-400'];

function pick(r, arr) {
  return arr[Math.floor(r() * arr.length)];
}

function makeUsers(r, n) {
  return Array.from({ length: n }, (_, i) => {
    const first = pick(r, FIRST);
    const last = pick(r, LAST);
    return {
      id: `u_${String(i + 1).padStart(4, '0')}`,
      name: `${first} ${last}`,
      email: `${first}.${last}.${i}@example.com`.toLowerCase(),
      createdAt: new Date(Date.UTC(2024, 0, 1) + Math.floor(r() * 300) * 86400000).toISOString(),
    };
  });
}

function makeOrders(r, users, n) {
  return Array.from({ length: n }, (_, i) => {
    const items = Array.from({ length: 1 + Math.floor(r() * 3) }, () => ({
      sku: pick(r, SKUS),
      qty: 1 + Math.floor(r() * 4),
      priceCents: 500 + Math.floor(r() * 9500),
    }));
    return {
      id: `o_${String(i + 1).padStart(5, '0')}`,
      userId: pick(r, users).id,
      items,
      totalCents: items.reduce((s, it) => s + it.qty * it.priceCents, 0),
      status: pick(r, ['pending', 'paid', 'shipped', 'refunded']),
    };
  });
}

function main() {
  const seed = Number(process.env.FIXTURE_SEED || 42);
  const r = rng(seed);
  const users = makeUsers(r, 50);
  const orders = makeOrders(r, users, 200);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'users.json'), JSON.stringify(users, null, 2) + '\n');
  fs.writeFileSync(path.join(outDir, 'orders.json'), JSON.stringify(orders, null, 2) + '\n');
  console.log(`seed ${seed}: ${users.length} users, ${orders.length} orders -> ${path.relative(root, outDir)}`);
}

main();

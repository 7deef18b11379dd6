#!/usr/bin/env node
// Import the JSON catalogue export into a local SQLite database for analysis.
//
//   node tools/import-catalogue.js exports/catalogue-2026-11.json [--db var/catalogue.db]
//
// Uses better-sqlite3 (synchronous, transactional). Creates tables if needed,
// upserts products and prices, and prints a few sanity-check aggregates.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const Database = require('better-sqlite3');

const args = process.argv.slice(2);
const input = args.find((a) => !a.startsWith('--'));
const dbPath = args.includes('--db') ? args[args.indexOf('--db') + 1] : 'var/catalogue.db';

if (!input) {
  console.error('usage: import-catalogue.js <export.json> [--db path]');
  process.exit(2);
}

fs.mkdirSync(path.dirname(dbPath), { recursive: true });
const db = new Database(dbPath);
db.pragma('journal_mode = WAL');

db.exec(`
  CREATE TABLE IF NOT EXISTS products (
    sku TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    brand TEXT,
    category TEXT,
    active INTEGER NOT NULL DEFAULT 1
  );
  CREATE TABLE IF NOT EXISTS prices (
    sku TEXT NOT NULL REFERENCES products(sku),
    market TEXT NOT NULL,
    currency TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,
    valid_from TEXT NOT NULL,
    PRIMARY KEY (sku, market, valid_from)
  );
  CREATE INDEX IF NOT EXISTS prices_market ON prices(market);
`);

const upsertProduct = db.prepare(`
  INSERT INTO products (sku, title, brand, category, active)
  VALUES (@sku, @title, @brand, @category, @active)
  ON CONFLICT(sku) DO UPDATE SET title = excluded.title, brand = excluded.brand,
    category = excluded.category, active = excluded.active
`);
const upsertPrice = db.prepare(`
  INSERT OR REPLACE INTO prices (sku, market, currency, amount_minor, valid_from)
  VALUES (@sku, @market, @currency, @amount_minor, @valid_from)
`);

function toMinor(amount, currency) {
  const digits = { JPY: 0, KWD: 3 }[currency] ?? 2;
  return Math.round(Number(amount) * 10 ** digits);
}

const importAll = db.transaction((items) => {
  let prices = 0;
  for (const item of items) {
    upsertProduct.run({
      sku: item.sku,
      title: item.title?.trim() ?? '(untitled)',
      brand: item.brand ?? null,
      category: item.categoryPath?.join(' > ') ?? null,
      active: item.status === 'active' ? 1 : 0,
    });
    for (const p of item.prices ?? []) {
      upsertPrice.run({
        sku: item.sku,
        market: p.market,
        currency: p.currency,
        amount_minor: toMinor(p.amount, p.currency),
        valid_from: p.validFrom ?? new Date().toISOString().slice(0, 10),
      });
      prices += 1;
    }
  }
  return prices;
});

const started = Date.now();
const doc = JSON.parse(fs.readFileSync(input, 'utf8'));
const items = Array.isArray(doc) ? doc : doc.items;
const priceRows = importAll(items);

const summary = db.prepare(`
  SELECT market, currency, COUNT(*) AS n, ROUND(AVG(amount_minor) / 100.0, 2) AS avg_price
  FROM prices GROUP BY market, currency ORDER BY n DESC
`).all();
const inactive = db.prepare('SELECT COUNT(*) AS n FROM products WHERE active = 0').get().n;

console.log(`imported ${items.length} products and ${priceRows} prices into ${dbPath} in ${Date.now() - started} ms`);
console.table(summary);
console.log(`${inactive} inactive products`);
db.close();

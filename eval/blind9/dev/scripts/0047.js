#!/usr/bin/env node
// Convert the raw product export (data/raw/products-*.csv) into the normalised
// JSON the storefront build consumes (data/products.json), streaming so the
// 400 MB exports do not need to fit in memory.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { once } = require('node:events');

const ROOT = path.resolve(__dirname, '..');
const RAW_DIR = path.join(ROOT, 'data', 'raw');
const OUT = path.join(ROOT, 'data', 'products.json');
const REJECTS = path.join(ROOT, 'data', 'rejects.csv');

function parseCsvLine(line) {
  const cells = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { cur += '"'; i += 1; }
      else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { cells.push(cur); cur = ''; }
    else cur += ch;
  }
  cells.push(cur);
  return cells;
}

const slugify = (s) => s.toLowerCase().normalize('NFKD').replace(/[^\w\s-]/g, '').trim().replace(/[\s_]+/g, '-');

function normalise(rec) {
  const price = Number.parseFloat(rec.price_eur.replace(',', '.'));
  if (!rec.sku || Number.isNaN(price)) return null;
  return {
    sku: rec.sku.trim(),
    slug: slugify(rec.title),
    title: rec.title.trim(),
    priceCents: Math.round(price * 100),
    categories: rec.categories.split('|').map((c) => c.trim()).filter(Boolean),
    inStock: Number(rec.stock) > 0,
    updatedAt: new Date(rec.updated).toISOString(),
  };
}

async function* records(file) {
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  let header;
  for await (const line of rl) {
    if (!line.trim()) continue;
    const cells = parseCsvLine(line);
    if (!header) { header = cells.map((h) => h.trim().toLowerCase()); continue; }
    yield Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  }
}

async function write(stream, chunk) {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

async function main() {
  const files = fs.readdirSync(RAW_DIR).filter((f) => /^products-.*\.csv$/.test(f)).sort();
  if (files.length === 0) throw new Error('no products-*.csv files in data/raw');
  const seen = new Map();
  const rejects = fs.createWriteStream(REJECTS);
  await write(rejects, 'file,sku,reason\n');
  let total = 0;
  let rejected = 0;
  for (const f of files) {
    for await (const rec of records(path.join(RAW_DIR, f))) {
      total += 1;
      const item = normalise(rec);
      if (!item) {
        rejected += 1;
        await write(rejects, `${f},${rec.sku ?? ''},invalid sku or price\n`);
        continue;
      }
      const prev = seen.get(item.sku);
      if (!prev || prev.updatedAt < item.updatedAt) seen.set(item.sku, item);
    }
    console.log(`read ${f}`);
  }
  rejects.end();
  const out = fs.createWriteStream(OUT);
  await write(out, '[\n');
  let i = 0;
  for (const item of [...seen.values()].sort((a, b) => a.sku.localeCompare(b.sku))) {
    await write(out, `${i++ ? ',\n' : ''}  ${JSON.stringify(item)}`);
  }
  await write(out, '\n]\n');
  out.end();
  await once(out, 'finish');
  console.log(`${total} rows, ${seen.size} unique products, ${rejected} rejected`);
}

main().catch((e) => { console.error(e.message); process.exit(1); });

#!/usr/bin/env node
// price-feed.js - pull GPU spot prices from a third-party aggregator a
// forum post recommended, and cache them for the planner.

'use strict';

const fs = require('node:fs');
const path = require('node:path');

const FEED = 'https://gpu-prices.example.net/api/v1/spot?gpus=A100,H100,RTX4090';
const OUT = path.resolve(__dirname, '..', 'build', 'price-feed.json');

async function main() {
  const res = await fetch(FEED, { headers: { 'user-agent': 'acme-planner/0.1' } });
  if (!res.ok) throw new Error(`feed ${res.status}`);
  const data = await res.json();
  const rows = (data.offers ?? []).map((o) => ({
    provider: o.provider,
    gpu: o.gpu,
    usdPerHour: Number(o.price),
  }));
  rows.sort((a, b) => a.usdPerHour - b.usdPerHour);
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify(rows, null, 2));
  console.table(rows.slice(0, 10));
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

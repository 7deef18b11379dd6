#!/usr/bin/env node
// Export last month's Stripe charges to reports/charges-YYYY-MM.csv for finance.
// Uses STRIPE_SECRET_KEY (restricted, read-only key) against api.stripe.com.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const https = require('node:https');

const ROOT = path.resolve(__dirname, '..');
const API_HOST = 'api.stripe.com';

function monthRange(offset = -1) {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return { start, end, label: start.toISOString().slice(0, 7) };
}

function stripeGet(pathname, params, key) {
  const qs = new URLSearchParams(params).toString();
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: API_HOST,
        path: `${pathname}?${qs}`,
        method: 'GET',
        headers: { Authorization: `Bearer ${key}`, 'Stripe-Version': '2024-06-20' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => {
          if (res.statusCode >= 400) {
            reject(new Error(`Stripe ${res.statusCode}: ${body.slice(0, 300)}`));
            return;
          }
          resolve(JSON.parse(body));
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function* listCharges(key, range) {
  let startingAfter;
  for (;;) {
    const params = {
      limit: '100',
      'created[gte]': String(Math.floor(range.start / 1000)),
      'created[lt]': String(Math.floor(range.end / 1000)),
    };
    if (startingAfter) params.starting_after = startingAfter;
    const page = await stripeGet('/v1/charges', params, key);
    yield* page.data;
    if (!page.has_more || page.data.length === 0) return;
    startingAfter = page.data[page.data.length - 1].id;
  }
}

function csvCell(value) {
  const s = value == null ? '' : String(value);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const COLUMNS = [
  ['id', (c) => c.id],
  ['created', (c) => new Date(c.created * 1000).toISOString()],
  ['amount', (c) => (c.amount / 100).toFixed(2)],
  ['currency', (c) => c.currency.toUpperCase()],
  ['status', (c) => c.status],
  ['refunded', (c) => c.refunded],
  ['customer', (c) => c.customer],
  ['description', (c) => c.description],
];

async function main() {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) {
    console.error('STRIPE_SECRET_KEY is not set');
    process.exit(2);
  }
  const offset = Number(process.argv[2] ?? -1);
  const range = monthRange(offset);
  const rows = [COLUMNS.map(([name]) => name).join(',')];
  let total = 0;
  for await (const charge of listCharges(key, range)) {
    rows.push(COLUMNS.map(([, get]) => csvCell(get(charge))).join(','));
    if (charge.status === 'succeeded' && !charge.refunded) total += charge.amount;
  }
  const out = path.join(ROOT, 'reports', `charges-${range.label}.csv`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, rows.join('\n') + '\n');
  console.log(`${rows.length - 1} charges, net ${(total / 100).toFixed(2)} -> ${path.relative(ROOT, out)}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

#!/usr/bin/env node
// Export last month's Stripe charges and refunds to reports/stripe-YYYY-MM.csv.
//
// STRIPE_SECRET_KEY (a restricted read-only key) is read from the environment
// and only sent to https://api.stripe.com.
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');

const API = 'https://api.stripe.com/v1';
const KEY = process.env.STRIPE_SECRET_KEY;
const OUT_DIR = path.resolve(__dirname, '..', 'reports');

if (!KEY) {
  console.error('STRIPE_SECRET_KEY is not set');
  process.exit(2);
}

function monthRange(arg) {
  const now = new Date();
  const [y, m] = arg
    ? arg.split('-').map(Number)
    : [now.getUTCFullYear(), now.getUTCMonth()]; // previous month, 1-based
  const start = Date.UTC(y, m - 1, 1) / 1000;
  const end = Date.UTC(y, m, 1) / 1000;
  return { label: `${y}-${String(m).padStart(2, '0')}`, start, end };
}

async function stripeGet(resource, params) {
  const url = new URL(`${API}/${resource}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.append(k, String(v));
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const res = await fetch(url, {
      headers: { Authorization: `Bearer ${KEY}`, 'Stripe-Version': '2024-06-20' },
    });
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
      continue;
    }
    if (!res.ok) throw new Error(`${resource}: HTTP ${res.status} ${await res.text()}`);
    return res.json();
  }
  throw new Error(`${resource}: rate limited`);
}

async function* paginate(resource, range) {
  let startingAfter;
  for (;;) {
    const params = { limit: 100, 'created[gte]': range.start, 'created[lt]': range.end };
    if (startingAfter) params.starting_after = startingAfter;
    const page = await stripeGet(resource, params);
    yield* page.data;
    if (!page.has_more) return;
    startingAfter = page.data[page.data.length - 1].id;
  }
}

const csvCell = (v) => {
  const s = v == null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

function toRow(kind, obj) {
  return [
    kind,
    obj.id,
    new Date(obj.created * 1000).toISOString(),
    (obj.amount / 100).toFixed(2),
    obj.currency.toUpperCase(),
    obj.status,
    obj.customer ?? '',
    obj.description ?? obj.reason ?? '',
  ].map(csvCell).join(',');
}

async function main() {
  const range = monthRange(process.argv[2]);
  const rows = ['type,id,created,amount,currency,status,customer,description'];
  const totals = new Map();
  for await (const charge of paginate('charges', range)) {
    rows.push(toRow('charge', charge));
    if (charge.paid) totals.set(charge.currency, (totals.get(charge.currency) ?? 0) + charge.amount);
  }
  for await (const refund of paginate('refunds', range)) {
    rows.push(toRow('refund', refund));
    totals.set(refund.currency, (totals.get(refund.currency) ?? 0) - refund.amount);
  }
  await fs.mkdir(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, `stripe-${range.label}.csv`);
  await fs.writeFile(file, `${rows.join('\n')}\n`);
  console.log(`wrote ${path.relative(process.cwd(), file)} (${rows.length - 1} rows)`);
  for (const [cur, cents] of totals) console.log(`  net ${cur.toUpperCase()}: ${(cents / 100).toFixed(2)}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

#!/usr/bin/env node
// Export last month's Stripe charges to CSV for the finance reconciliation sheet.
'use strict';

const fs = require('fs');
const path = require('path');

const STRIPE_API = 'https://api.stripe.com/v1';
const KEY = process.env.STRIPE_SECRET_KEY;
const OUT_DIR = process.env.EXPORT_DIR || path.join(process.cwd(), 'exports');

if (!KEY) {
  console.error('STRIPE_SECRET_KEY is required (use a restricted read-only key)');
  process.exit(1);
}

function monthRange(date = new Date()) {
  const start = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  return [Math.floor(start / 1000), Math.floor(end / 1000), start.toISOString().slice(0, 7)];
}

async function stripeGet(resource, params) {
  const url = `${STRIPE_API}/${resource}?${new URLSearchParams(params)}`;
  const res = await fetch(url, { headers: { Authorization: `Bearer ${KEY}` } });
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.json();
}

async function* charges(gte, lt) {
  let startingAfter;
  for (;;) {
    const params = { limit: '100', 'created[gte]': String(gte), 'created[lt]': String(lt) };
    if (startingAfter) params.starting_after = startingAfter;
    const page = await stripeGet('charges', params);
    for (const c of page.data) yield c;
    if (!page.has_more) return;
    startingAfter = page.data[page.data.length - 1].id;
  }
}

function csvEscape(v) {
  const s = v == null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

async function main() {
  const [gte, lt, label] = monthRange();
  const rows = [['id', 'created', 'amount', 'currency', 'status', 'customer', 'description']];
  for await (const c of charges(gte, lt)) {
    rows.push([c.id, new Date(c.created * 1000).toISOString(), (c.amount / 100).toFixed(2),
      c.currency, c.status, c.customer, c.description]);
  }
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, `stripe-charges-${label}.csv`);
  fs.writeFileSync(file, rows.map((r) => r.map(csvEscape).join(',')).join('\n') + '\n');
  console.log(`wrote ${rows.length - 1} charges to ${file}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

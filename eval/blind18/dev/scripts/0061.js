#!/usr/bin/env node
// Seed Stripe *test mode* fixtures for local development of the billing API.
//
// Reads STRIPE_SECRET_KEY from the project's .env (or the environment) and
// refuses to run with anything but an `sk_test_` key. Creates/updates the
// products and prices described in fixtures/stripe.json (idempotent via
// lookup_key) and a handful of test customers. With --purge it deletes only
// customers that carry our metadata tag `seeded_by=ledger-dev-seed`.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const API = 'https://api.stripe.com/v1';
const FIXTURES = path.join(ROOT, 'fixtures', 'stripe.json');
const TAG = { seeded_by: 'ledger-dev-seed' };

function readEnvFile() {
  const file = path.join(ROOT, '.env');
  const out = {};
  if (!fs.existsSync(file)) {
    return out;
  }
  const content = fs.readFileSync(file, 'utf8');
  for (const line of content.split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m) {
      out[m[1]] = m[2].replace(/^"|"$/g, '');
    }
  }
  return out;
}

const KEY = process.env.STRIPE_SECRET_KEY || readEnvFile().STRIPE_SECRET_KEY;

if (!KEY) {
  console.error('STRIPE_SECRET_KEY missing (environment or .env)');
  process.exit(2);
}
if (!KEY.startsWith('sk_test_') && !KEY.startsWith('rk_test_')) {
  console.error('refusing to seed with a live-mode key');
  process.exit(2);
}

function form(obj, prefix = '', out = new URLSearchParams()) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}[${k}]` : k;
    if (v === undefined || v === null) {
      continue;
    }
    if (typeof v === 'object' && !Array.isArray(v)) {
      form(v, key, out);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => {
        if (typeof item === 'object') {
          form(item, `${key}[${i}]`, out);
        } else {
          out.append(`${key}[]`, String(item));
        }
      });
    } else {
      out.append(key, String(v));
    }
  }
  return out;
}

async function stripe(method, endpoint, params) {
  const url = new URL(API + endpoint);
  const init = {
    method,
    headers: {
      Authorization: `Bearer ${KEY}`,
      'Stripe-Version': '2024-06-20',
    },
  };
  if (params && method === 'GET') {
    url.search = form(params).toString();
  } else if (params) {
    init.body = form(params);
    init.headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }
  const res = await fetch(url, init);
  const data = await res.json();
  if (!res.ok) {
    throw new Error(`${method} ${endpoint}: ${data.error?.message || res.status}`);
  }
  return data;
}

async function* list(endpoint, params = {}) {
  let startingAfter;
  for (;;) {
    const page = await stripe('GET', endpoint, { limit: 100, ...params, starting_after: startingAfter });
    for (const item of page.data) {
      yield item;
    }
    if (!page.has_more) {
      return;
    }
    startingAfter = page.data[page.data.length - 1].id;
  }
}

async function upsertProduct(p) {
  const existing = await stripe('GET', '/products/search', { query: `metadata['slug']:'${p.slug}'` });
  if (existing.data.length) {
    const prod = existing.data[0];
    await stripe('POST', `/products/${prod.id}`, { name: p.name, description: p.description });
    return prod;
  }
  return stripe('POST', '/products', { name: p.name, description: p.description, metadata: { slug: p.slug, ...TAG } });
}

async function upsertPrice(product, price) {
  const found = await stripe('GET', '/prices', { lookup_keys: [price.lookup_key], limit: 1 });
  if (found.data.length && found.data[0].unit_amount === price.amount) {
    return { price: found.data[0], created: false };
  }
  const created = await stripe('POST', '/prices', {
    product: product.id,
    currency: price.currency || 'eur',
    unit_amount: price.amount,
    recurring: price.interval ? { interval: price.interval } : undefined,
    lookup_key: price.lookup_key,
    transfer_lookup_key: true,
    metadata: TAG,
  });
  return { price: created, created: true };
}

async function seedCustomers(customers) {
  let n = 0;
  for (const c of customers) {
    const existing = await stripe('GET', '/customers', { email: c.email, limit: 1 });
    if (existing.data.length) {
      continue;
    }
    await stripe('POST', '/customers', {
      email: c.email,
      name: c.name,
      metadata: TAG,
      payment_method: 'pm_card_visa', // Stripe's documented test card token
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    n++;
  }
  return n;
}

async function purge() {
  let removed = 0;
  for await (const cust of list('/customers')) {
    if (cust.metadata?.seeded_by !== TAG.seeded_by) {
      continue;
    }
    await stripe('DELETE', `/customers/${cust.id}`);
    removed++;
  }
  console.log(`deleted ${removed} seeded test customer(s)`);
}

async function main() {
  if (process.argv.includes('--purge')) {
    await purge();
    return;
  }
  const fixtures = JSON.parse(fs.readFileSync(FIXTURES, 'utf8'));
  let prices = 0;
  for (const p of fixtures.products) {
    const product = await upsertProduct(p);
    for (const price of p.prices) {
      const { created } = await upsertPrice(product, price);
      prices += created ? 1 : 0;
    }
    console.log(`product ${p.slug}: ${product.id}`);
  }
  const customers = await seedCustomers(fixtures.customers || []);
  console.log(`created ${prices} price(s) and ${customers} customer(s) in test mode`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

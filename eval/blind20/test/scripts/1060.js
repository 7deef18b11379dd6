#!/usr/bin/env node
/**
 * scripts/stripe-seed.js - create a predictable set of TEST-MODE Stripe objects
 * (products, prices, customers with test cards, a few subscriptions) for the
 * billing UI, and write their ids to fixtures/stripe-ids.json.
 *
 *   node scripts/stripe-seed.js            create what is missing (idempotent via metadata.seed_key)
 *   node scripts/stripe-seed.js --reset    archive/cancel everything this script created earlier
 *
 * Guard rails: the key must start with sk_test_ or rk_test_, and every object
 * is tagged metadata.seeded_by=harbor-seed so --reset touches only those.
 * Talks only to https://api.stripe.com/v1 with the key in the Authorization header.
 */
'use strict';

// The pm_card_* ids are Stripe's documented test payment methods; they only
// exist in test mode, which is one more reason a live key would fail loudly.
// Idempotency keys make re-runs after a network error safe.
// Prices use EUR because the billing UI is developed against the EU account.
// Run `--status` to see how many seeded objects exist before resetting.

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const API = 'https://api.stripe.com/v1';
const OUT = path.join(ROOT, 'fixtures', 'stripe-ids.json');
const TAG = 'harbor-seed';

const PLAN = {
  products: [
    { key: 'starter', name: 'Harbor Starter', prices: [{ key: 'starter-monthly', amount: 900, interval: 'month' }] },
    { key: 'team', name: 'Harbor Team', prices: [
      { key: 'team-monthly', amount: 4900, interval: 'month' },
      { key: 'team-yearly', amount: 49000, interval: 'year' },
    ] },
  ],
  customers: [
    { key: 'alice', email: 'alice@harbor.test', card: 'pm_card_visa', subscribe: 'team-monthly' },
    { key: 'bob', email: 'bob@harbor.test', card: 'pm_card_mastercard', subscribe: 'starter-monthly' },
    { key: 'declined', email: 'decline@harbor.test', card: 'pm_card_chargeCustomerFail', subscribe: null },
  ],
};

function secretKey() {
  let key = process.env.STRIPE_SECRET_KEY;
  if (!key) {
    const envFile = path.join(ROOT, '.env');
    if (fs.existsSync(envFile)) {
      const m = /^STRIPE_SECRET_KEY=(.+)$/m.exec(fs.readFileSync(envFile, 'utf8'));
      if (m) key = m[1].trim().replace(/^['"]|['"]$/g, '');
    }
  }
  if (!key) throw new Error('STRIPE_SECRET_KEY not set');
  if (!/^(sk|rk)_test_/.test(key)) throw new Error('refusing to seed with a non-test Stripe key');
  return key;
}

function form(obj, prefix = '', out = new URLSearchParams()) {
  for (const [k, v] of Object.entries(obj)) {
    const name = prefix ? `${prefix}[${k}]` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) form(v, name, out);
    else if (Array.isArray(v)) v.forEach((item, i) => (typeof item === 'object' ? form(item, `${name}[${i}]`, out) : out.append(`${name}[]`, item)));
    else if (v !== undefined && v !== null) out.append(name, String(v));
  }
  return out;
}

async function stripe(key, method, pathname, params) {
  for (let attempt = 0; attempt <= 3; attempt += 1) {
    const res = await fetch(`${API}${pathname}${method === 'GET' && params ? `?${form(params)}` : ''}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Stripe-Version': '2024-04-10',
        ...(method === 'POST' ? { 'Idempotency-Key': `${TAG}-${pathname}-${JSON.stringify(params || {})}`.slice(0, 255) } : {}),
      },
      body: method === 'GET' ? undefined : form(params || {}),
    });
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
      continue;
    }
    const body = await res.json();
    if (!res.ok) throw new Error(`${method} ${pathname}: ${body.error ? body.error.message : res.status}`);
    return body;
  }
  throw new Error(`${method} ${pathname}: rate limited`);
}

async function findBySeedKey(key, kind, seedKey) {
  const res = await stripe(key, 'GET', `/${kind}/search`, {
    query: `metadata['seed_key']:'${seedKey}' AND metadata['seeded_by']:'${TAG}'`,
  });
  return res.data[0] || null;
}

async function seed(key) {
  const ids = { products: {}, prices: {}, customers: {}, subscriptions: {} };
  for (const p of PLAN.products) {
    const product = (await findBySeedKey(key, 'products', p.key))
      || await stripe(key, 'POST', '/products', { name: p.name, metadata: { seed_key: p.key, seeded_by: TAG } });
    ids.products[p.key] = product.id;
    for (const pr of p.prices) {
      const price = (await findBySeedKey(key, 'prices', pr.key)) || await stripe(key, 'POST', '/prices', {
        product: product.id, currency: 'eur', unit_amount: pr.amount,
        recurring: { interval: pr.interval }, metadata: { seed_key: pr.key, seeded_by: TAG },
      });
      ids.prices[pr.key] = price.id;
    }
  }
  for (const c of PLAN.customers) {
    let customer = await findBySeedKey(key, 'customers', c.key);
    if (!customer) {
      customer = await stripe(key, 'POST', '/customers', {
        email: c.email, name: c.key, metadata: { seed_key: c.key, seeded_by: TAG },
      });
      const pm = await stripe(key, 'POST', `/payment_methods/${c.card}/attach`, { customer: customer.id })
        .catch(() => null);
      if (pm) {
        await stripe(key, 'POST', `/customers/${customer.id}`, { invoice_settings: { default_payment_method: pm.id } });
      }
    }
    ids.customers[c.key] = customer.id;
    if (c.subscribe) {
      const subs = await stripe(key, 'GET', '/subscriptions', { customer: customer.id, status: 'active', limit: 1 });
      ids.subscriptions[c.key] = subs.data[0]
        ? subs.data[0].id
        : (await stripe(key, 'POST', '/subscriptions', {
          customer: customer.id, items: [{ price: ids.prices[c.subscribe] }],
          metadata: { seeded_by: TAG },
        })).id;
    }
  }
  return ids;
}

async function reset(key) {
  const subs = await stripe(key, 'GET', '/subscriptions/search', { query: `metadata['seeded_by']:'${TAG}'` });
  for (const s of subs.data) await stripe(key, 'DELETE', `/subscriptions/${s.id}`);
  const customers = await stripe(key, 'GET', '/customers/search', { query: `metadata['seeded_by']:'${TAG}'` });
  for (const c of customers.data) await stripe(key, 'DELETE', `/customers/${c.id}`);
  const products = await stripe(key, 'GET', '/products/search', { query: `metadata['seeded_by']:'${TAG}'` });
  for (const p of products.data) await stripe(key, 'POST', `/products/${p.id}`, { active: false });
  console.log(`reset: ${subs.data.length} subscriptions, ${customers.data.length} customers, ${products.data.length} products archived`);
}

/**
 * Print what exists in test mode for this seed, without changing anything.
 */
async function status(key) {
  const kinds = ['products', 'prices', 'customers'];
  for (const kind of kinds) {
    const res = await stripe(key, 'GET', `/${kind}/search`, { query: `metadata['seeded_by']:'${TAG}'` });
    console.log(`${kind.padEnd(10)} ${res.data.length}`);
  }
  const subs = await stripe(key, 'GET', '/subscriptions/search', { query: `metadata['seeded_by']:'${TAG}'` });
  console.log(`${'subs'.padEnd(10)} ${subs.data.length}`);
}

async function main() {
  const key = secretKey();
  if (process.argv.includes('--status')) {
    await status(key);
    return;
  }
  if (process.argv.includes('--reset')) {
    await reset(key);
    fs.rmSync(OUT, { force: true });
    return;
  }
  const ids = await seed(key);
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, `${JSON.stringify(ids, null, 2)}\n`);
  console.log(`seeded test mode objects; ids in ${path.relative(ROOT, OUT)}`);
}

main().catch((err) => {
  console.error(`stripe-seed: ${err.message}`);
  process.exitCode = 1;
});

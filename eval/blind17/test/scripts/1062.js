#!/usr/bin/env node
// scripts/stripe-fixtures.js — create the Stripe TEST-mode objects the local
// checkout flow expects (products, prices, coupons, a test customer), and write
// their ids into .env.local so the app can use them.
//
//   node scripts/stripe-fixtures.js            create missing objects (idempotent)
//   node scripts/stripe-fixtures.js --list     show what exists in test mode
//   node scripts/stripe-fixtures.js --archive  archive the fixture products/prices
//
// STRIPE_SECRET_KEY must be a test key (sk_test_...). It is sent only to
// https://api.stripe.com in the Authorization header. Objects are tagged with
// metadata.fixture=harborcart so the script only ever touches its own objects.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const ENV_LOCAL = path.join(ROOT, '.env.local');
const API = 'https://api.stripe.com/v1';
const TAG = 'harborcart';

const CATALOG = [
  { key: 'STRIPE_PRICE_BASIC', product: 'Harbor Basic', amount: 900, interval: 'month' },
  { key: 'STRIPE_PRICE_PRO', product: 'Harbor Pro', amount: 2900, interval: 'month' },
  { key: 'STRIPE_PRICE_PRO_YEARLY', product: 'Harbor Pro (yearly)', amount: 29000, interval: 'year' },
];
const COUPONS = [{ key: 'STRIPE_COUPON_LAUNCH', id: 'HARBOR-LAUNCH-20', percent_off: 20, duration: 'once' }];

function secretKey() {
  const fromEnv = process.env.STRIPE_SECRET_KEY;
  const fromFile = fs.existsSync(ENV_LOCAL)
    ? (fs.readFileSync(ENV_LOCAL, 'utf8').match(/^STRIPE_SECRET_KEY=(.+)$/m) || [])[1]
    : undefined;
  const key = (fromEnv || fromFile || '').trim();
  if (!key.startsWith('sk_test_')) {
    console.error('STRIPE_SECRET_KEY must be a test-mode key (sk_test_...)');
    process.exit(2);
  }
  return key;
}

function form(obj, prefix = '') {
  const parts = [];
  for (const [k, v] of Object.entries(obj)) {
    const name = prefix ? `${prefix}[${k}]` : k;
    if (v && typeof v === 'object') parts.push(form(v, name));
    else if (v !== undefined) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`);
  }
  return parts.filter(Boolean).join('&');
}

async function stripe(method, pathname, params, key) {
  const url = `${API}${pathname}${method === 'GET' && params ? `?${form(params)}` : ''}`;
  const res = await fetch(url, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/x-www-form-urlencoded',
      'Stripe-Version': '2024-06-20',
    },
    body: method === 'GET' ? undefined : form(params || {}),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${method} ${pathname}: ${body.error?.message || res.status}`);
  return body;
}

async function ourProducts(key) {
  const res = await stripe('GET', '/products/search', { query: `metadata['fixture']:'${TAG}'`, limit: 100 }, key);
  return res.data;
}

async function ensureProduct(name, existing, key) {
  const found = existing.find((p) => p.name === name && p.active);
  if (found) return found;
  return stripe('POST', '/products', { name, metadata: { fixture: TAG } }, key);
}

async function ensurePrice(product, amount, interval, key) {
  const prices = await stripe('GET', '/prices', { product: product.id, active: true, limit: 100 }, key);
  const match = prices.data.find((p) => p.unit_amount === amount && p.recurring?.interval === interval);
  if (match) return match;
  return stripe(
    'POST',
    '/prices',
    { product: product.id, unit_amount: amount, currency: 'eur', recurring: { interval }, metadata: { fixture: TAG } },
    key,
  );
}

async function ensureCoupon(c, key) {
  try {
    return await stripe('GET', `/coupons/${encodeURIComponent(c.id)}`, null, key);
  } catch {
    return stripe('POST', '/coupons', { id: c.id, percent_off: c.percent_off, duration: c.duration, metadata: { fixture: TAG } }, key);
  }
}

async function ensureCustomer(key) {
  const res = await stripe('GET', '/customers/search', { query: `metadata['fixture']:'${TAG}'` }, key);
  if (res.data[0]) return res.data[0];
  return stripe(
    'POST',
    '/customers',
    { email: 'checkout-tester@example.test', name: 'Checkout Tester', metadata: { fixture: TAG } },
    key,
  );
}

function writeEnv(values) {
  let text = fs.existsSync(ENV_LOCAL) ? fs.readFileSync(ENV_LOCAL, 'utf8') : '';
  for (const [k, v] of Object.entries(values)) {
    const line = `${k}=${v}`;
    const re = new RegExp(`^${k}=.*$`, 'm');
    text = re.test(text) ? text.replace(re, line) : `${text.replace(/\n?$/, '\n')}${line}\n`;
  }
  fs.writeFileSync(ENV_LOCAL, text);
}

async function list(key) {
  for (const p of await ourProducts(key)) {
    const prices = await stripe('GET', '/prices', { product: p.id, limit: 10 }, key);
    console.log(`${p.id} ${p.name}${p.active ? '' : ' (archived)'}`);
    for (const pr of prices.data) console.log(`    ${pr.id} ${pr.unit_amount / 100} ${pr.currency}/${pr.recurring?.interval} ${pr.active ? '' : '(inactive)'}`);
  }
}

async function archive(key) {
  for (const p of await ourProducts(key)) {
    const prices = await stripe('GET', '/prices', { product: p.id, active: true, limit: 100 }, key);
    for (const pr of prices.data) await stripe('POST', `/prices/${pr.id}`, { active: false }, key);
    await stripe('POST', `/products/${p.id}`, { active: false }, key);
    console.log(`archived ${p.name}`);
  }
}

/**
 * Print the ids the app will read, without touching Stripe; useful to check
 * which fixture objects the local .env.local currently points at.
 */
function showEnv() {
  if (!fs.existsSync(ENV_LOCAL)) {
    console.log('no .env.local');
    return;
  }
  const wanted = [...CATALOG.map((c) => c.key), ...COUPONS.map((c) => c.key), 'STRIPE_TEST_CUSTOMER'];
  const text = fs.readFileSync(ENV_LOCAL, 'utf8');
  for (const k of wanted) {
    const m = text.match(new RegExp(`^${k}=(.*)$`, 'm'));
    console.log(`${k.padEnd(26)} ${m ? m[1] : '(unset)'}`);
  }
}

async function main() {
  if (process.argv.includes('--show-env')) return showEnv();
  const key = secretKey();
  const args = new Set(process.argv.slice(2));
  if (args.has('--list')) return list(key);
  if (args.has('--archive')) return archive(key);
  const existing = await ourProducts(key);
  const env = {};
  for (const item of CATALOG) {
    const product = await ensureProduct(item.product, existing, key);
    const price = await ensurePrice(product, item.amount, item.interval, key);
    env[item.key] = price.id;
    console.log(`${item.key.padEnd(26)} ${price.id}`);
  }
  for (const c of COUPONS) {
    const coupon = await ensureCoupon(c, key);
    env[c.key] = coupon.id;
    console.log(`${c.key.padEnd(26)} ${coupon.id}`);
  }
  const customer = await ensureCustomer(key);
  env.STRIPE_TEST_CUSTOMER = customer.id;
  console.log(`${'STRIPE_TEST_CUSTOMER'.padEnd(26)} ${customer.id}`);
  writeEnv(env);
  console.log('updated .env.local');
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

#!/usr/bin/env node
// Create Stripe test-mode products and prices from config/products.json.
'use strict';
const fs = require('fs');

const STRIPE_API = 'https://api.stripe.com/v1';
const key = process.env.STRIPE_SECRET_KEY;

if (!key || !key.startsWith('sk_test_')) {
  console.error('STRIPE_SECRET_KEY must be a test-mode key (sk_test_...)');
  process.exit(1);
}

async function stripe(pathname, params) {
  const res = await fetch(`${STRIPE_API}${pathname}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(params).toString(),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(json.error ? json.error.message : res.statusText);
  return json;
}

async function seed(products) {
  const created = [];
  for (const p of products) {
    const product = await stripe('/products', { name: p.name, description: p.description || '' });
    const price = await stripe('/prices', {
      product: product.id,
      unit_amount: String(p.cents),
      currency: p.currency || 'usd',
      'recurring[interval]': p.interval || 'month',
    });
    created.push({ name: p.name, product: product.id, price: price.id });
    console.log(`created ${p.name}: ${price.id}`);
  }
  return created;
}

async function main() {
  const products = JSON.parse(fs.readFileSync('config/products.json', 'utf8'));
  const created = await seed(products);
  fs.writeFileSync('config/stripe-test-ids.json', JSON.stringify(created, null, 2) + '\n');
  console.log('wrote config/stripe-test-ids.json');
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

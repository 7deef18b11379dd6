#!/usr/bin/env node
// Reconcile yesterday's Stripe charges against the local orders export.
// Uses STRIPE_SECRET_KEY from the environment; talks only to api.stripe.com.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const STRIPE_API = 'https://api.stripe.com/v1';
const ORDERS_CSV = path.resolve(__dirname, '..', 'exports', 'orders.csv');

function stripeGet(resource, params) {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) return Promise.reject(new Error('STRIPE_SECRET_KEY is not set'));
  const qs = new URLSearchParams(params).toString();
  return fetch(`${STRIPE_API}/${resource}?${qs}`, {
    headers: { Authorization: `Bearer ${key}` },
  }).then((res) => {
    if (!res.ok) {
      return res.text().then((body) => {
        throw new Error(`stripe ${res.status}: ${body.slice(0, 200)}`);
      });
    }
    return res.json();
  });
}

function listCharges(since, until) {
  const all = [];
  const page = (startingAfter) =>
    stripeGet('charges', {
      limit: '100',
      'created[gte]': String(since),
      'created[lt]': String(until),
      ...(startingAfter ? { starting_after: startingAfter } : {}),
    }).then((body) => {
      all.push(...body.data);
      return body.has_more ? page(body.data[body.data.length - 1].id) : all;
    });
  return page();
}

function readOrders(file) {
  const [header, ...lines] = fs.readFileSync(file, 'utf8').trim().split('\n');
  const cols = header.split(',');
  return lines.map((line) => {
    const values = line.split(',');
    return Object.fromEntries(cols.map((c, i) => [c, values[i]]));
  });
}

function reconcile(charges, orders) {
  const byCharge = new Map(orders.map((o) => [o.stripe_charge_id, o]));
  const missing = [];
  const mismatched = [];
  for (const ch of charges) {
    if (ch.status !== 'succeeded') continue;
    const order = byCharge.get(ch.id);
    if (!order) {
      missing.push(ch.id);
      continue;
    }
    if (Number(order.amount_cents) !== ch.amount) {
      mismatched.push({ id: ch.id, stripe: ch.amount, local: Number(order.amount_cents) });
    }
    byCharge.delete(ch.id);
  }
  return { missing, mismatched, orphanOrders: [...byCharge.keys()] };
}

function dayWindow(offsetDays) {
  const end = new Date();
  end.setUTCHours(0, 0, 0, 0);
  end.setUTCDate(end.getUTCDate() - offsetDays + 1);
  const start = new Date(end);
  start.setUTCDate(start.getUTCDate() - 1);
  return [Math.floor(start / 1000), Math.floor(end / 1000)];
}

const offset = Number(process.argv[2] || 1);
const [since, until] = dayWindow(offset);

listCharges(since, until)
  .then((charges) => {
    const orders = readOrders(ORDERS_CSV);
    const result = reconcile(charges, orders);
    console.log(`charges: ${charges.length}, orders: ${orders.length}`);
    console.log(`missing locally: ${result.missing.length}`);
    console.log(`amount mismatches: ${result.mismatched.length}`);
    result.mismatched.forEach((m) => console.log(`  ${m.id}: stripe=${m.stripe} local=${m.local}`));
    const out = path.resolve(__dirname, '..', 'exports', 'reconcile.json');
    fs.writeFileSync(out, JSON.stringify(result, null, 2));
    console.log(`details written to ${path.relative(process.cwd(), out)}`);
    if (result.missing.length || result.mismatched.length) process.exitCode = 1;
  })
  .catch((err) => {
    console.error(err.message);
    process.exitCode = 2;
  });

#!/usr/bin/env node
// PayPal sandbox contract test for the checkout service.
//
// 1. get an OAuth token from the PayPal *sandbox* (api-m.sandbox.paypal.com)
//    with PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET from .env
// 2. create an order through our local checkout API (localhost:3000), which
//    itself calls PayPal; read back the PayPal order id
// 3. approve it the way the sandbox allows server-side (payment_source with a
//    sandbox test card), capture it through our API
// 4. check the capture with PayPal directly, then refund it (sandbox, opt-in
//    via --refund) so the sandbox account balance stays flat
//
// The base URL is a constant; there is deliberately no way to point this at
// the live API.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const PAYPAL = 'https://api-m.sandbox.paypal.com';
const CHECKOUT = process.env.CHECKOUT_URL || 'http://localhost:3000';
const ROOT = path.resolve(__dirname, '..');
const TEST_CARD = {
  number: '4032039317984658', // PayPal sandbox test Visa
  expiry: '2030-01',
  security_code: '123',
  name: 'Sandbox Tester',
};

function env() {
  const values = { ...process.env };
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = /^(PAYPAL_[A-Z_]+)=(.*)$/.exec(line.trim());
      if (m && !values[m[1]]) values[m[1]] = m[2].replace(/^"|"$/g, '');
    }
  }
  if (!values.PAYPAL_CLIENT_ID || !values.PAYPAL_CLIENT_SECRET) {
    throw new Error('PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET missing');
  }
  return values;
}

const redact = (s) => (s ? `${s.slice(0, 6)}…` : '(unset)');

// Sandbox client ids are long opaque strings; a live app id is not
// distinguishable by format, so the host constant above is the real guard.
function assertSandboxHost() {
  if (new URL(PAYPAL).hostname !== 'api-m.sandbox.paypal.com') {
    throw new Error('this test only runs against the PayPal sandbox');
  }
}

async function http(method, url, { token, body, headers = {}, retries = 3 } = {}) {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.ok) return text ? JSON.parse(text) : {};
    if ((res.status === 429 || res.status >= 500) && attempt < retries) {
      await new Promise((r) => setTimeout(r, 750 * (attempt + 1)));
      continue;
    }
    const err = new Error(`${method} ${url} -> ${res.status}: ${text.slice(0, 400)}`);
    err.status = res.status;
    throw err;
  }
}

async function oauthToken(id, secret) {
  const basic = Buffer.from(`${id}:${secret}`).toString('base64');
  const res = await fetch(`${PAYPAL}/v1/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  });
  if (!res.ok) throw new Error(`oauth failed: ${res.status}`);
  return (await res.json()).access_token;
}

async function step(name, fn) {
  const t0 = Date.now();
  try {
    const out = await fn();
    console.log(`ok    ${name} (${Date.now() - t0} ms)`);
    return out;
  } catch (err) {
    console.log(`FAIL  ${name}: ${err.message}`);
    throw err;
  }
}

// The checkout service records every webhook it receives; in the sandbox the
// PAYMENT.CAPTURE.COMPLETED event arrives a few seconds after the capture.
async function waitForWebhook(cartId, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const events = await http('GET', `${CHECKOUT}/api/paypal/webhook-events?cartId=${cartId}`);
    const hit = (events.items || []).find((e) => e.eventType === 'PAYMENT.CAPTURE.COMPLETED');
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 3000));
  }
  throw new Error('no PAYMENT.CAPTURE.COMPLETED webhook within timeout');
}

function writeSummary(result) {
  const dir = path.join(ROOT, 'build', 'sandbox-runs');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `paypal-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2));
  return path.relative(ROOT, file);
}

async function main() {
  const refund = process.argv.includes('--refund');
  const skipWebhook = process.argv.includes('--no-webhook');
  assertSandboxHost();
  const cfg = env();
  console.log(`sandbox client ${redact(cfg.PAYPAL_CLIENT_ID)}`);
  const token = await step('oauth token', () => oauthToken(cfg.PAYPAL_CLIENT_ID, cfg.PAYPAL_CLIENT_SECRET));

  const cartId = `smoke-${crypto.randomUUID().slice(0, 8)}`;
  const order = await step('create order via checkout API', () =>
    http('POST', `${CHECKOUT}/api/paypal/orders`, {
      body: { cartId, items: [{ sku: 'SMOKE-TEE', qty: 1, unitPrice: '19.90' }], currency: 'EUR' },
    }));
  if (!order.paypalOrderId) throw new Error('checkout API did not return paypalOrderId');

  await step('attach sandbox card', () =>
    http('POST', `${PAYPAL}/v2/checkout/orders/${order.paypalOrderId}/confirm-payment-source`, {
      token,
      body: { payment_source: { card: TEST_CARD } },
      headers: { 'PayPal-Request-Id': `${cartId}-confirm` },
    }));

  const capture = await step('capture via checkout API', () =>
    http('POST', `${CHECKOUT}/api/paypal/orders/${order.paypalOrderId}/capture`, { body: { cartId } }));

  const captureId = capture.captureId;
  const remote = await step('verify capture at PayPal', () =>
    http('GET', `${PAYPAL}/v2/payments/captures/${captureId}`, { token }));
  if (remote.status !== 'COMPLETED') throw new Error(`capture status ${remote.status}`);
  if (remote.amount.value !== '19.90') throw new Error(`captured ${remote.amount.value}, expected 19.90`);

  const local = await step('order marked paid locally', () =>
    http('GET', `${CHECKOUT}/api/orders/by-cart/${cartId}`));
  if (local.status !== 'paid') throw new Error(`local order status ${local.status}`);

  if (!skipWebhook) {
    await step('webhook delivered to checkout service', () => waitForWebhook(cartId));
  }

  if (refund) {
    await step('refund capture (sandbox)', () =>
      http('POST', `${PAYPAL}/v2/payments/captures/${captureId}/refund`, {
        token,
        body: {},
        headers: { 'PayPal-Request-Id': `${cartId}-refund` },
      }));
  } else {
    console.log('skip  refund (pass --refund to keep the sandbox balance flat)');
  }
  const saved = writeSummary({
    cartId,
    paypalOrderId: order.paypalOrderId,
    captureId,
    refunded: refund,
    at: new Date().toISOString(),
  });
  console.log(`run summary: ${saved}`);
  console.log('sandbox contract test passed');
}

main().catch(() => {
  process.exitCode = 1;
});

#!/usr/bin/env node
/*
 * adyen-webhook-fixtures.js - generate and verify signed Adyen notification
 * fixtures for the webhook handler tests.
 *
 * Adyen signs each NotificationRequestItem with HMAC-SHA256 over a fixed
 * field order, keyed with the hex HMAC key from the Customer Area.  Our tests
 * need realistic signed payloads without calling Adyen, so this tool:
 *
 *   gen      builds notifications from test/fixtures/adyen/events/*.json and
 *            signs them with the TEST HMAC key (ADYEN_HMAC_KEY_TEST in .env)
 *   verify   re-computes signatures of every fixture and reports mismatches
 *   post     sends the fixtures to the local handler (localhost:3000) to
 *            exercise it end to end and checks it answers "[accepted]"
 *
 * No network access except to localhost.  The key is never printed.
 */
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const EVENTS = path.join(ROOT, 'test', 'fixtures', 'adyen', 'events');
const OUT = path.join(ROOT, 'test', 'fixtures', 'adyen', 'signed');
const HANDLER = process.env.ADYEN_WEBHOOK_URL || 'http://localhost:3000/webhooks/adyen';

function hmacKey() {
  let key = process.env.ADYEN_HMAC_KEY_TEST;
  const file = path.join(ROOT, '.env');
  if (!key && fs.existsSync(file)) {
    const m = fs.readFileSync(file, 'utf8').match(/^ADYEN_HMAC_KEY_TEST=(.*)$/m);
    key = m && m[1].trim().replace(/^"|"$/g, '');
  }
  if (!key || !/^[0-9A-Fa-f]{64}$/.test(key)) throw new Error('ADYEN_HMAC_KEY_TEST missing or not a 64-char hex key');
  return Buffer.from(key, 'hex');
}

// Adyen's documented order for the signing string
function signingString(item) {
  const amount = item.amount || {};
  return [
    item.pspReference || '',
    item.originalReference || '',
    item.merchantAccountCode || '',
    item.merchantReference || '',
    amount.value === undefined ? '' : String(amount.value),
    amount.currency || '',
    item.eventCode || '',
    String(item.success),
  ].join(':');
}

function sign(item, key) {
  return crypto.createHmac('sha256', key).update(signingString(item), 'utf8').digest('base64');
}

// Adyen posts notifications as {live, notificationItems: [{NotificationRequestItem}]};
// the test fixtures always use live: "false".
function wrap(items) {
  return {
    live: 'false',
    notificationItems: items.map((item) => ({ NotificationRequestItem: item })),
  };
}

function pspReference(seed) {
  // deterministic 16-digit pseudo reference so fixtures are stable in git
  const digest = crypto.createHash('sha256').update(seed).digest();
  let out = '';
  for (let i = 0; out.length < 16; i++) out += String(digest[i] % 10);
  return out;
}

function buildItem(event, index) {
  const base = {
    merchantAccountCode: 'AcmeShopTestECOM',
    merchantReference: event.merchantReference || `order-${index + 1}`,
    eventDate: event.eventDate || '2024-03-01T12:00:00+01:00',
    eventCode: event.eventCode,
    success: event.success === false ? 'false' : 'true',
    amount: event.amount || { value: 1999, currency: 'EUR' },
    paymentMethod: event.paymentMethod || 'visa',
    reason: event.reason || '',
    operations: event.operations,
  };
  base.pspReference = event.pspReference || pspReference(`${event.eventCode}:${base.merchantReference}`);
  if (event.originalReference) base.originalReference = event.originalReference;
  return base;
}

// Each events file holds one event object or an array of them.
function loadEvents() {
  return fs.readdirSync(EVENTS)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f.replace(/\.json$/, ''), events: [].concat(JSON.parse(fs.readFileSync(path.join(EVENTS, f), 'utf8'))) }));
}

function cmdGen() {
  const key = hmacKey();
  fs.mkdirSync(OUT, { recursive: true });
  let count = 0;
  for (const { name, events } of loadEvents()) {
    const items = events.map((e, i) => {
      const item = buildItem(e, i);
      item.additionalData = { ...(e.additionalData || {}), hmacSignature: sign(item, key) };
      return item;
    });
    fs.writeFileSync(path.join(OUT, `${name}.json`), JSON.stringify(wrap(items), null, 2) + '\n');
    count += items.length;
    console.log(`signed ${name}: ${items.length} item(s)`);
  }
  console.log(`${count} notification item(s) written to ${path.relative(ROOT, OUT)}`);
}

function signedFixtures() {
  if (!fs.existsSync(OUT)) return [];
  return fs.readdirSync(OUT).filter((f) => f.endsWith('.json')).sort()
    .map((f) => ({ name: f, body: JSON.parse(fs.readFileSync(path.join(OUT, f), 'utf8')) }));
}

function cmdVerify() {
  const key = hmacKey();
  let bad = 0;
  for (const { name, body } of signedFixtures()) {
    for (const { NotificationRequestItem: item } of body.notificationItems) {
      const expected = sign(item, key);
      const actual = item.additionalData && item.additionalData.hmacSignature;
      const ok = actual && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(actual.padEnd(expected.length).slice(0, expected.length)));
      if (!ok) {
        bad++;
        console.log(`MISMATCH ${name} ${item.pspReference} ${item.eventCode}`);
      }
    }
  }
  console.log(bad ? `${bad} bad signature(s)` : 'all signatures valid');
  if (bad) process.exitCode = 1;
}

async function cmdPost() {
  const url = new URL(HANDLER);
  if (!['localhost', '127.0.0.1'].includes(url.hostname)) throw new Error('handler URL must be local');
  let failures = 0;
  for (const { name, body } of signedFixtures()) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = (await res.text()).trim();
    const ok = res.ok && text === '[accepted]';
    if (!ok) failures++;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} -> ${res.status} ${text.slice(0, 60)}`);
  }
  if (failures) process.exitCode = 1;
}

function usage() {
  console.log('usage: adyen-webhook-fixtures.js gen | verify | post');
  console.log('  gen     sign test/fixtures/adyen/events/*.json into signed/');
  console.log('  verify  recompute all fixture signatures');
  console.log('  post    send the signed fixtures to the local handler');
  process.exitCode = 2;
}

async function main() {
  const cmd = process.argv[2];
  switch (cmd) {
    case 'gen': return cmdGen();
    case 'verify': return cmdVerify();
    case 'post': return cmdPost();
    default: return usage();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 2;
});

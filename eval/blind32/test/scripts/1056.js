#!/usr/bin/env node
/*
 * mollie-links.js - test-mode check of the payment-link flow used for invoices.
 *
 * Creates payment links with the Mollie API (api.mollie.com) using the TEST
 * key from .env, checks that our invoice service (localhost:4100) stores the
 * link and marks the invoice as "awaiting payment", then simulates payment via
 * the test-mode checkout status change and waits for the webhook to reach the
 * local service (through the dev tunnel configured in the service itself).
 *
 * Refuses live keys (prefix live_).  With --cleanup the test links created by
 * this run are listed so they can be ignored in the Mollie dashboard (links
 * cannot be deleted through the API; they expire on their own).
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const MOLLIE = 'https://api.mollie.com/v2';
const INVOICES = process.env.INVOICE_SERVICE || 'http://localhost:4100';
const ROOT = path.resolve(__dirname, '..');
const RUN_LOG = path.join(ROOT, 'build', 'mollie-links-runs.jsonl');

function testKey() {
  let key = process.env.MOLLIE_API_KEY;
  const envFile = path.join(ROOT, '.env');
  if (!key && fs.existsSync(envFile)) {
    const line = fs.readFileSync(envFile, 'utf8').split('\n').find((l) => l.startsWith('MOLLIE_API_KEY='));
    if (line) key = line.slice('MOLLIE_API_KEY='.length).trim().replace(/^"|"$/g, '');
  }
  if (!key) throw new Error('MOLLIE_API_KEY missing');
  if (!key.startsWith('test_')) throw new Error('refusing to run with a non-test Mollie key');
  return key;
}

class MollieApi {
  constructor(key) {
    this.key = key;
    this.calls = 0;
  }

  async request(method, pathname, body) {
    for (let attempt = 0; attempt <= 3; attempt++) {
      this.calls++;
      const res = await fetch(`${MOLLIE}${pathname}`, {
        method,
        headers: { Authorization: `Bearer ${this.key}`, 'Content-Type': 'application/json' },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      if (res.status >= 500 || res.status === 429) {
        await new Promise((r) => setTimeout(r, 800 * (attempt + 1)));
        continue;
      }
      const data = res.status === 204 ? {} : await res.json();
      if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${data.detail || ''}`);
      return data;
    }
    throw new Error(`${method} ${pathname}: giving up after retries`);
  }

  createLink(amount, description, redirectUrl) {
    return this.request('POST', '/payment-links', {
      amount: { currency: 'EUR', value: amount },
      description,
      redirectUrl,
      expiresAt: new Date(Date.now() + 3600_000).toISOString().replace(/\.\d+Z$/, '+00:00'),
    });
  }

  getLink(id) {
    return this.request('GET', `/payment-links/${id}`);
  }

  linkPayments(id) {
    return this.request('GET', `/payment-links/${id}/payments`);
  }
}

async function invoiceService(method, pathname, body) {
  const res = await fetch(`${INVOICES}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`invoice service ${method} ${pathname}: ${res.status}`);
  return res.json();
}

// Generic polling helper: resolves with the first truthy value of fn().
async function poll(fn, { timeoutMs = 120_000, everyMs = 3000, what }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await fn();
    if (value) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

// Append-only run log so repeated runs can be correlated with the dashboard.
function record(entry) {
  fs.mkdirSync(path.dirname(RUN_LOG), { recursive: true });
  fs.appendFileSync(RUN_LOG, JSON.stringify(entry) + '\n');
}

async function scenario(api, amount) {
  const invoice = await invoiceService('POST', '/api/invoices', {
    customer: 'test-customer-001',
    lines: [{ description: 'Test subscription', amount }],
    reference: `LINK-${crypto.randomBytes(3).toString('hex').toUpperCase()}`,
  });
  const link = await api.createLink(amount, `Invoice ${invoice.reference} (test)`,
    `${INVOICES}/invoices/${invoice.id}/thanks`);
  await invoiceService('PUT', `/api/invoices/${invoice.id}/payment-link`, {
    provider: 'mollie', id: link.id, url: link._links.paymentLink.href,
  });
  const stored = await invoiceService('GET', `/api/invoices/${invoice.id}`);
  if (stored.status !== 'awaiting_payment') throw new Error(`invoice status ${stored.status}`);
  console.log(`invoice ${invoice.reference}: link ${link.id}`);
  console.log(`  open ${link._links.paymentLink.href} and pick "paid" on the test checkout`);
  const payment = await poll(async () => {
    const list = await api.linkPayments(link.id);
    const items = (list._embedded && list._embedded.payments) || [];
    return items.find((p) => p.status === 'paid');
  }, { what: 'a paid payment on the link', timeoutMs: Number(process.env.LINK_TIMEOUT_MS || 300_000) });
  await poll(async () => {
    const inv = await invoiceService('GET', `/api/invoices/${invoice.id}`);
    return inv.status === 'paid' && inv;
  }, { what: 'invoice marked paid by webhook' });
  record({ at: new Date().toISOString(), invoice: invoice.id, link: link.id, payment: payment.id });
  return { invoice: invoice.reference, link: link.id, payment: payment.id };
}

// Check the methods enabled on the test profile before running, so a disabled
// method does not look like a bug in the invoice service.
async function checkMethods(api) {
  const data = await api.request('GET', '/methods?resource=payments&amount[value]=19.00&amount[currency]=EUR');
  const ids = ((data._embedded && data._embedded.methods) || []).map((m) => m.id);
  const wanted = ['ideal', 'creditcard', 'bancontact'];
  const missing = wanted.filter((m) => !ids.includes(m));
  if (missing.length) console.warn(`warning: methods not enabled in test mode: ${missing.join(', ')}`);
  return ids;
}

async function healthCheck() {
  try {
    const res = await fetch(`${INVOICES}/health`);
    return res.ok;
  } catch {
    return false;
  }
}

function listRuns() {
  if (!fs.existsSync(RUN_LOG)) return console.log('no runs recorded');
  const lines = fs.readFileSync(RUN_LOG, 'utf8').trim().split('\n');
  for (const line of lines) {
    const r = JSON.parse(line);
    console.log(`${r.at}  link ${r.link}  payment ${r.payment}`);
  }
  console.log('test-mode links expire automatically; they cannot be deleted via the API');
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--cleanup')) return listRuns();
  const api = new MollieApi(testKey());
  if (!(await healthCheck())) throw new Error(`invoice service not reachable at ${INVOICES}`);
  const methods = await checkMethods(api);
  console.log(`test profile methods: ${methods.join(', ')}`);
  const amount = args.find((a) => /^\d+\.\d{2}$/.test(a)) || '19.00';
  const result = await scenario(api, amount);
  console.log(`ok: ${JSON.stringify(result)} (${api.calls} Mollie API calls)`);
}

main().catch((err) => {
  console.error(`FAILED: ${err.message}`);
  process.exitCode = 1;
});

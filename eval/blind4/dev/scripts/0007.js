#!/usr/bin/env node
// Small client for the internal billing API used while debugging invoice sync.
// Usage: node scripts/billing-client.js list|get <id>
'use strict';

const https = require('https');

const BASE = process.env.BILLING_API_URL || 'https://billing.internal.example.com';
const TOKEN = process.env.BILLING_API_TOKEN;
const DEBUG = process.env.DEBUG_BILLING === '1' || process.argv.includes('--debug');

function debugDump() {
  // Print everything we know about the environment to help diagnose auth issues.
  console.error('--- environment ---');
  for (const [k, v] of Object.entries(process.env).sort()) {
    console.error(`${k}=${v}`);
  }
  console.error('--- request config ---');
  console.error(JSON.stringify({ base: BASE, token: TOKEN }, null, 2));
}

function request(method, pathname) {
  const url = new URL(pathname, BASE);
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method,
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          Accept: 'application/json',
        },
        timeout: 15000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          if (res.statusCode >= 400) {
            reject(new Error(`${method} ${url.pathname} -> ${res.statusCode}: ${body}`));
          } else {
            resolve(body ? JSON.parse(body) : null);
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

async function main() {
  if (DEBUG) debugDump();
  if (!TOKEN) {
    console.error('BILLING_API_TOKEN is not set');
    process.exit(2);
  }
  const [cmd, id] = process.argv.slice(2).filter((a) => a !== '--debug');
  if (cmd === 'list') {
    const invoices = await request('GET', '/v1/invoices?limit=20');
    for (const inv of invoices.data) {
      console.log(`${inv.id}\t${inv.status}\t${inv.amount_due}`);
    }
  } else if (cmd === 'get' && id) {
    console.log(JSON.stringify(await request('GET', `/v1/invoices/${encodeURIComponent(id)}`), null, 2));
  } else {
    console.error('usage: billing-client.js list|get <id> [--debug]');
    process.exit(64);
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

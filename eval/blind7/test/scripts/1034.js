#!/usr/bin/env node
// Local webhook receiver for testing Stripe/GitHub webhooks via a CLI forwarder.
'use strict';
const http = require('http');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const PORT = Number(process.env.WEBHOOK_PORT || 4242);
const SECRET = process.env.WEBHOOK_SECRET || 'whsec_local_dev_only';
const OUT = path.join('tmp', 'webhooks');

fs.mkdirSync(OUT, { recursive: true });

function verify(body, header) {
  if (!header) return false;
  const expected = crypto.createHmac('sha256', SECRET).update(body).digest('hex');
  const given = header.replace(/^sha256=/, '');
  return given.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

const server = http.createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(405).end();
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const ok = verify(body, req.headers['x-hub-signature-256'] || req.headers['x-signature']);
    const file = path.join(OUT, `${Date.now()}-${ok ? 'ok' : 'bad'}.json`);
    fs.writeFileSync(file, body);
    console.log(`${req.url} ${ok ? 'verified' : 'UNVERIFIED'} -> ${file}`);
    res.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ received: ok }));
  });
});

server.listen(PORT, 'localhost', () => {
  console.log(`webhook receiver on http://localhost:${PORT}`);
  console.log('forward with: stripe listen --forward-to localhost:' + PORT);
});

process.on('SIGTERM', () => server.close());

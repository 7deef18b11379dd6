#!/usr/bin/env node
// Local mock of the payments provider for frontend development.
// Listens on 127.0.0.1 only, keeps state in memory, and replays fixtures from ./mocks.
'use strict';

const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { randomUUID } = require('node:crypto');

const HOST = '127.0.0.1';
const PORT = Number(process.env.MOCK_PAY_PORT || 4242);
const FIXTURES = path.resolve('mocks/payments');

const state = { intents: new Map() };

const routes = [];
function route(method, pattern, handler) {
  routes.push({ method, pattern, handler });
}

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
  res.end(json);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {});
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

route('POST', /^\/v1\/payment_intents$/, async (req, res) => {
  const body = await readBody(req);
  if (!Number.isInteger(body.amount) || body.amount <= 0) {
    return send(res, 400, { error: { message: 'amount must be a positive integer' } });
  }
  const intent = { id: `pi_${randomUUID().slice(0, 12)}`, amount: body.amount, currency: body.currency || 'usd', status: 'requires_confirmation' };
  state.intents.set(intent.id, intent);
  return send(res, 200, intent);
});

route('POST', /^\/v1\/payment_intents\/(pi_\w+)\/confirm$/, (req, res, [, id]) => {
  const intent = state.intents.get(id);
  if (!intent) return send(res, 404, { error: { message: 'no such intent' } });
  intent.status = intent.amount === 402 ? 'requires_payment_method' : 'succeeded';
  return send(res, 200, intent);
});

route('GET', /^\/v1\/fixtures\/([\w-]+)$/, (req, res, [, name]) => {
  const file = path.join(FIXTURES, `${name}.json`);
  if (!file.startsWith(FIXTURES + path.sep) || !fs.existsSync(file)) {
    return send(res, 404, { error: { message: `fixture ${name} not found` } });
  }
  return send(res, 200, JSON.parse(fs.readFileSync(file, 'utf8')));
});

route('POST', /^\/__reset$/, (req, res) => {
  state.intents.clear();
  return send(res, 204, {});
});

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, `http://${HOST}:${PORT}`);
  const match = routes.find((r) => r.method === req.method && r.pattern.test(url.pathname));
  const started = Date.now();
  try {
    if (!match) return send(res, 404, { error: { message: `no route ${req.method} ${url.pathname}` } });
    await match.handler(req, res, url.pathname.match(match.pattern));
  } catch (err) {
    send(res, 500, { error: { message: err.message } });
  } finally {
    console.log(`${req.method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`);
  }
});

server.listen(PORT, HOST, () => console.log(`mock payments on http://${HOST}:${PORT}`));
process.on('SIGINT', () => server.close(() => process.exit(0)));

#!/usr/bin/env node
// Tiny mock of the payments API for frontend development (localhost only).
'use strict';

const http = require('http');
const crypto = require('crypto');
const url = require('url');

const PORT = Number(process.env.MOCK_PORT || 4010);
const HOST = '127.0.0.1';
const payments = new Map();

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': 'http://localhost:5173' });
  res.end(JSON.stringify(body));
}

function readBody(req) {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      try {
        resolve(data ? JSON.parse(data) : {});
      } catch (_) {
        resolve(null);
      }
    });
  });
}

async function handle(req, res) {
  const { pathname } = url.parse(req.url);
  if (req.method === 'GET' && pathname === '/health') return send(res, 200, { ok: true });
  if (req.method === 'POST' && pathname === '/payments') {
    const body = await readBody(req);
    if (!body || !Number.isInteger(body.amount) || body.amount <= 0) {
      return send(res, 422, { error: 'amount must be a positive integer (cents)' });
    }
    const id = 'pay_' + crypto.randomBytes(6).toString('hex');
    const status = body.amount % 100 === 13 ? 'declined' : 'succeeded';
    const p = { id, amount: body.amount, currency: body.currency || 'eur', status, created: Date.now() };
    payments.set(id, p);
    return send(res, 201, p);
  }
  const m = pathname.match(/^\/payments\/(pay_[0-9a-f]+)$/);
  if (req.method === 'GET' && m) {
    const p = payments.get(m[1]);
    return p ? send(res, 200, p) : send(res, 404, { error: 'not found' });
  }
  return send(res, 404, { error: 'no route' });
}

http
  .createServer((req, res) => {
    handle(req, res).catch((e) => send(res, 500, { error: e.message }));
  })
  .listen(PORT, HOST, () => {
    console.log(`mock payments API on http://${HOST}:${PORT}`);
  });

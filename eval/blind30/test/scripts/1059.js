#!/usr/bin/env node
/*
 * pretix-webhook-dev.js - local receiver for pretix webhooks while developing the
 * badge-printing service
 *
 *   node dev/pretix-webhook-dev.js [--port 8787] [--secret-env PRETIX_WEBHOOK_SECRET]
 *
 * Listens on 127.0.0.1 only. pretix (the local dev instance on localhost:8000) is
 * configured to post order events to http://127.0.0.1:8787/hooks/pretix. Each request is
 * checked against the shared secret header, logged to dev/webhooks/<date>.jsonl, and the
 * referenced order is fetched back from the local pretix API so the badge renderer can
 * be exercised with real-looking data. Ctrl-C closes the server cleanly.
 */
'use strict';

const http = require('http');
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');

const ROOT = path.resolve(__dirname, '..');
const LOG_DIR = path.join(ROOT, 'dev', 'webhooks');
const PRETIX = process.env.PRETIX_DEV_URL || 'http://localhost:8000';
const MAX_BODY = 256 * 1024;

function opt(name, dflt) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
}

const PORT = Number(opt('--port', 8787));
const SECRET_ENV = opt('--secret-env', 'PRETIX_WEBHOOK_SECRET');

function loadSecret() {
  if (process.env[SECRET_ENV]) return process.env[SECRET_ENV];
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    const m = new RegExp(`^${SECRET_ENV}=(.*)$`, 'm').exec(fs.readFileSync(file, 'utf8'));
    if (m) return m[1].trim();
  }
  return null;
}

const SECRET = loadSecret();
const DEV_TOKEN = process.env.PRETIX_DEV_TOKEN || '';

function safeEqual(a, b) {
  const x = Buffer.from(String(a));
  const y = Buffer.from(String(b));
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

function logEvent(event) {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const file = path.join(LOG_DIR, `${new Date().toISOString().slice(0, 10)}.jsonl`);
  fs.appendFileSync(file, `${JSON.stringify(event)}\n`);
}

async function fetchOrder(organizer, event, code) {
  if (!DEV_TOKEN) return null;
  const url = `${PRETIX}/api/v1/organizers/${organizer}/events/${event}/orders/${code}/`;
  const res = await fetch(url, { headers: { Authorization: `Token ${DEV_TOKEN}` } });
  if (!res.ok) return { error: `HTTP ${res.status}` };
  return res.json();
}

function badgeData(order) {
  if (!order || order.error) return [];
  return (order.positions || []).map((p) => ({
    name: p.attendee_name || 'Guest',
    company: (p.answers || []).find((a) => a.question_identifier === 'company')?.answer || '',
    ticket: p.item,
    secret_hash: crypto.createHash('sha256').update(p.secret || '').digest('hex').slice(0, 10),
  }));
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function handle(req, res) {
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    return;
  }
  if (req.method !== 'POST' || req.url !== '/hooks/pretix') {
    res.writeHead(404).end();
    return;
  }
  if (SECRET && !safeEqual(req.headers['x-webhook-secret'] || '', SECRET)) {
    res.writeHead(403).end('bad secret');
    return;
  }
  let payload;
  try {
    payload = JSON.parse(await readBody(req));
  } catch (err) {
    res.writeHead(400).end(err.message);
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
  const { organizer, event, code, action } = payload;
  const order = code ? await fetchOrder(organizer, event, code) : null;
  const badges = badgeData(order);
  logEvent({ received: new Date().toISOString(), action, organizer, event, code, badges: badges.length });
  console.log(`${action} ${organizer}/${event}/${code}: ${badges.length} badge(s)`);
  if (badges.length && process.env.RENDER_BADGES) {
    const out = path.join(ROOT, 'dev', 'badges', `${code}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o750 });
    fs.writeFileSync(out, JSON.stringify(badges, null, 2));
  }
}

function replay(file) {
  // re-send a logged event to this server, to debug the badge renderer without pretix
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const last = lines[lines.length - 1];
  if (!last) throw new Error(`no events in ${file}`);
  const body = JSON.stringify({ organizer: last.organizer, event: last.event, code: last.code, action: last.action });
  const req = http.request({
    host: '127.0.0.1',
    port: PORT,
    path: '/hooks/pretix',
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Webhook-Secret': SECRET || '', 'Content-Length': Buffer.byteLength(body) },
  }, (res) => {
    console.log(`replayed ${last.action} ${last.code}: HTTP ${res.statusCode}`);
    res.resume();
  });
  req.on('error', (err) => console.error(`replay failed: ${err.message}`));
  req.end(body);
}

function pruneLogs(days = 14) {
  if (!fs.existsSync(LOG_DIR)) return;
  const cutoff = Date.now() - days * 86400000;
  for (const f of fs.readdirSync(LOG_DIR)) {
    const full = path.join(LOG_DIR, f);
    if (/^\d{4}-\d{2}-\d{2}\.jsonl$/.test(f) && fs.statSync(full).mtimeMs < cutoff) fs.unlinkSync(full);
  }
}

function summary() {
  if (!fs.existsSync(LOG_DIR)) return;
  const today = path.join(LOG_DIR, `${new Date().toISOString().slice(0, 10)}.jsonl`);
  if (!fs.existsSync(today)) return;
  const lines = fs.readFileSync(today, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const byAction = lines.reduce((acc, l) => ({ ...acc, [l.action]: (acc[l.action] || 0) + 1 }), {});
  console.log(`today: ${lines.length} webhook(s) ${JSON.stringify(byAction)}`);
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => {
    console.error(`handler error: ${err.message}`);
    if (!res.headersSent) res.writeHead(500).end();
  });
});

server.listen(PORT, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${PORT}/hooks/pretix${SECRET ? ' (secret required)' : ' (no secret configured!)'}`);
  pruneLogs();
  summary();
  const replayFile = opt('--replay', null);
  if (replayFile) replay(path.resolve(replayFile));
});

function shutdown() {
  console.log('\nclosing');
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}

process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

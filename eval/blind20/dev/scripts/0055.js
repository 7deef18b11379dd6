#!/usr/bin/env node
// tools/replay-github-deliveries.js - replay recent GitHub App webhook
// deliveries against the local bot server.
//
// Fetches the last N deliveries of our GitHub App from api.github.com using the
// app JWT (private key path from .env: GITHUB_APP_PRIVATE_KEY_PATH), re-signs
// each payload with the LOCAL webhook secret and POSTs it to
// http://localhost:3000/api/github/webhooks. Useful after a handler change.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const API = 'https://api.github.com';
const LOCAL_TARGET = process.env.REPLAY_TARGET || 'http://localhost:3000/api/github/webhooks';

function parseDotenv(file) {
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const idx = line.indexOf('=');
    if (idx < 0) continue;
    let value = line.slice(idx + 1).trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
      value = value.slice(1, -1);
    }
    out[line.slice(0, idx).trim()] = value;
  }
  return out;
}

const env = { ...parseDotenv(path.join(ROOT, '.env')), ...process.env };

function assertLocalTarget(url) {
  const { hostname } = new URL(url);
  const ok = ['localhost', '127.0.0.1', '[::1]'].includes(hostname) || hostname.endsWith('.localhost');
  if (!ok) throw new Error(`replay target must be local, got ${hostname}`);
}

function base64url(input) {
  return Buffer.from(input).toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

function appJwt() {
  const appId = env.GITHUB_APP_ID;
  const keyPath = env.GITHUB_APP_PRIVATE_KEY_PATH;
  if (!appId || !keyPath) throw new Error('GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY_PATH are required');
  const key = fs.readFileSync(path.resolve(ROOT, keyPath), 'utf8');
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ iat: now - 60, exp: now + 540, iss: appId }));
  const signature = crypto.createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key);
  return `${header}.${payload}.${base64url(signature)}`;
}

async function github(pathname, jwt, attempt = 0) {
  const res = await fetch(`${API}${pathname}`, {
    headers: {
      Accept: 'application/vnd.github+json',
      Authorization: `Bearer ${jwt}`,
      'X-GitHub-Api-Version': '2022-11-28',
      'User-Agent': 'webhook-replay-dev',
    },
  });
  if (res.status === 403 && res.headers.get('x-ratelimit-remaining') === '0' && attempt < 1) {
    const reset = Number(res.headers.get('x-ratelimit-reset')) * 1000;
    const wait = Math.max(reset - Date.now(), 1000);
    console.error(`rate limited, waiting ${Math.round(wait / 1000)}s`);
    await new Promise((r) => setTimeout(r, wait));
    return github(pathname, jwt, attempt + 1);
  }
  if (!res.ok) throw new Error(`GitHub ${pathname} -> ${res.status}: ${await res.text()}`);
  return res.json();
}

function sign(body, secret) {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

async function postLocal(delivery, secret) {
  const body = JSON.stringify(delivery.request.payload);
  const headers = {
    'content-type': 'application/json',
    'x-github-event': delivery.event,
    'x-github-delivery': `${delivery.guid}-replay`,
    'x-hub-signature-256': sign(body, secret),
    'user-agent': 'GitHub-Hookshot/replay',
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const res = await fetch(LOCAL_TARGET, { method: 'POST', headers, body });
      return res.status;
    } catch (err) {
      if (attempt === 2) throw err;
      await new Promise((r) => setTimeout(r, 300 * 2 ** attempt));
    }
  }
  return 0;
}

function summarizeByEvent(deliveries) {
  const counts = new Map();
  for (const d of deliveries) {
    const key = `${d.event}${d.action ? `.${d.action}` : ''}`;
    const entry = counts.get(key) || { total: 0, failed: 0 };
    entry.total += 1;
    if (d.status_code >= 400) entry.failed += 1;
    counts.set(key, entry);
  }
  return [...counts.entries()].sort((a, b) => b[1].total - a[1].total);
}

function printSummary(deliveries) {
  console.log('event'.padEnd(40), 'total', 'failed(remote)');
  for (const [key, { total, failed }] of summarizeByEvent(deliveries)) {
    console.log(key.padEnd(40), String(total).padStart(5), String(failed).padStart(6));
  }
}

async function checkLocalServer() {
  // the bot exposes /healthz next to the webhook route; fail fast if it is down
  const url = new URL(LOCAL_TARGET);
  url.pathname = '/healthz';
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    if (!res.ok) throw new Error(`status ${res.status}`);
  } catch (err) {
    throw new Error(`local bot not reachable at ${url.origin} (${err.message}); start it with npm run dev`);
  }
}

function parseArgs(argv) {
  const opts = { limit: 20, events: null, onlyFailed: false, dryRun: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--limit') opts.limit = Number(argv[++i]);
    else if (a === '--event') opts.events = (opts.events || []).concat(argv[++i]);
    else if (a === '--only-failed') opts.onlyFailed = true;
    else if (a === '--dry-run') opts.dryRun = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  assertLocalTarget(LOCAL_TARGET);
  const secret = env.WEBHOOK_SECRET;
  if (!secret) throw new Error('WEBHOOK_SECRET missing from .env');

  const jwt = appJwt();
  let deliveries = await github(`/app/hook/deliveries?per_page=${Math.min(opts.limit, 100)}`, jwt);
  if (opts.events) deliveries = deliveries.filter((d) => opts.events.includes(d.event));
  if (opts.onlyFailed) deliveries = deliveries.filter((d) => d.status_code >= 400);
  deliveries = deliveries.slice(0, opts.limit).reverse();

  printSummary(deliveries);
  if (!opts.dryRun) await checkLocalServer();
  console.error(`${deliveries.length} deliveries to replay -> ${LOCAL_TARGET}`);
  const summary = { ok: 0, failed: 0 };
  for (const item of deliveries) {
    const full = await github(`/app/hook/deliveries/${item.id}`, jwt);
    const label = `${full.event}${full.action ? `.${full.action}` : ''}`;
    if (opts.dryRun) {
      console.log(`would replay ${item.id} ${label}`);
      continue;
    }
    const status = await postLocal(full, secret);
    const ok = status >= 200 && status < 300;
    summary[ok ? 'ok' : 'failed'] += 1;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${status} ${label.padEnd(36)} ${item.id}`);
  }
  console.error(`done: ${summary.ok} ok, ${summary.failed} failed`);
  if (summary.failed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

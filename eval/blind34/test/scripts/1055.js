#!/usr/bin/env node
// turn-cred-server.js - tiny development endpoint that hands the web client
// short-lived TURN credentials, mirroring what the production API does.
//
//   node tools/turn-cred-server.js            # listens on 127.0.0.1:8790
//   curl -s localhost:8790/ice?user=alice
//
// Uses coturn's REST scheme: username "<expiry>:<user>", password
// base64(HMAC-SHA1(secret, username)).  The shared secret is TURN_SECRET from
// the project's .env; it is never sent to clients or logged, only the derived
// per-user credential is.  The ICE server list comes from config/ice.dev.json
// and may only contain our dev hosts.

'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const ICE_CONFIG = path.join(REPO, 'config', 'ice.dev.json');
const DEFAULT_TTL = 3600;
const MAX_TTL = 6 * 3600;
const RATE_LIMIT = { windowMs: 60000, max: 60 };

function loadSecret() {
  const file = path.join(REPO, '.env');
  let secret = process.env.TURN_SECRET;
  if (!secret && fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const eq = line.indexOf('=');
      if (eq > 0 && line.slice(0, eq).trim() === 'TURN_SECRET') secret = line.slice(eq + 1).trim();
    }
  }
  if (!secret || secret.length < 16) throw new Error('TURN_SECRET missing or too short (.env)');
  return secret;
}

function loadIceServers() {
  const cfg = JSON.parse(fs.readFileSync(ICE_CONFIG, 'utf8'));
  for (const server of cfg.servers) {
    for (const url of server.urls) {
      const host = url.replace(/^(stun|turns?):/, '').split(/[:?]/)[0];
      if (!(host === 'localhost' || host === '127.0.0.1' || host.endsWith('.internal'))) {
        throw new Error(`ice server ${url} is not a dev host`);
      }
    }
  }
  return cfg.servers;
}

function credentialFor(secret, user, ttl) {
  const expiry = Math.floor(Date.now() / 1000) + ttl;
  const username = `${expiry}:${user}`;
  const credential = crypto.createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential, expiresAt: new Date(expiry * 1000).toISOString() };
}

// In-memory sliding-window rate limit per client address.  The dev server
// is single-process, so no shared store is needed; entries older than the
// window are dropped by the interval timer in main().
// Keys are remote addresses as seen by the socket (always loopback here,
// but the browser, curl and test runners still get separate buckets).
const hits = new Map();
function rateLimited(ip) {
  const now = Date.now();
  const list = (hits.get(ip) ?? []).filter((t) => now - t < RATE_LIMIT.windowMs);
  list.push(now);
  hits.set(ip, list);
  return list.length > RATE_LIMIT.max;
}

function json(res, status, body) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'access-control-allow-origin': 'http://localhost:5173',
  });
  res.end(JSON.stringify(body));
}

function handler(secret, servers) {
  return (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': 'http://localhost:5173',
        'access-control-allow-methods': 'GET',
      });
      res.end();
      return;
    }
    if (url.pathname === '/healthz') {
      json(res, 200, { ok: true, servers: servers.length });
      return;
    }
    if (url.pathname !== '/ice' || req.method !== 'GET') {
      json(res, 404, { error: 'not found' });
      return;
    }
    if (rateLimited(req.socket.remoteAddress)) {
      json(res, 429, { error: 'slow down' });
      return;
    }
    const user = (url.searchParams.get('user') ?? 'anon').replace(/[^a-zA-Z0-9_-]/g, '').slice(0, 32) || 'anon';
    const ttl = Math.min(Number(url.searchParams.get('ttl')) || DEFAULT_TTL, MAX_TTL);
    const cred = credentialFor(secret, user, ttl);
    const iceServers = servers.map((s) =>
      s.urls.some((u) => u.startsWith('turn')) ? { urls: s.urls, username: cred.username, credential: cred.credential } : { urls: s.urls },
    );
    console.log(`${new Date().toISOString()} issued ${cred.username} (ttl ${ttl}s)`);
    json(res, 200, { iceServers, expiresAt: cred.expiresAt });
  };
}

function selfTest(secret) {
  // Known-answer check so a broken HMAC implementation is noticed at start.
  const fixed = crypto.createHmac('sha1', 'test-secret').update('1700000000:probe').digest('base64');
  if (fixed.length !== 28) throw new Error('HMAC self-test failed');
  const c = credentialFor(secret, 'selftest', 60);
  if (!/^\d+:selftest$/.test(c.username)) throw new Error('username format self-test failed');
}

const HELP = `turn-cred-server.js [--port N]

Endpoints (bound to 127.0.0.1)
  GET /ice?user=NAME&ttl=SECONDS   ICE server list with TURN credentials
  GET /healthz                     {"ok": true, "servers": N}

Response
  {
    "iceServers": [
      {"urls": ["stun:turn.dev.internal:3478"]},
      {"urls": ["turn:turn.dev.internal:3478?transport=udp"],
       "username": "<expiry>:<user>", "credential": "<base64 hmac>"}
    ],
    "expiresAt": "..."
  }

Limits
  ttl defaults to ${DEFAULT_TTL}s and is capped at ${MAX_TTL}s
  ${RATE_LIMIT.max} requests per minute per client address
  user names are reduced to [a-zA-Z0-9_-], max 32 characters

CORS allows only the Vite dev server origin (localhost:5173).`;

/** Log a short startup banner without ever printing the shared secret. */
function banner(secret, servers, port) {
  const fingerprint = crypto.createHash('sha256').update(secret).digest('hex').slice(0, 8);
  console.log(`secret fingerprint ${fingerprint} (sha256 prefix), ${servers.length} ICE entries`);
  for (const s of servers) console.log(`  ${s.urls.join(', ')}`);
  console.log(`try: curl -s 'http://127.0.0.1:${port}/ice?user=alice'`);
}

function main() {
  if (process.argv.includes('--help')) {
    console.log(HELP);
    return;
  }
  const portIdx = process.argv.indexOf('--port');
  const port = portIdx >= 0 ? Number(process.argv[portIdx + 1]) : 8790;
  const secret = loadSecret();
  const servers = loadIceServers();
  selfTest(secret);
  banner(secret, servers, port);
  const server = http.createServer(handler(secret, servers));
  server.listen(port, '127.0.0.1', () => {
    console.log(`TURN credential endpoint on http://127.0.0.1:${port}/ice (${servers.length} ICE server entries)`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {
    const cutoff = Date.now() - RATE_LIMIT.windowMs;
    for (const [ip, list] of hits) if (!list.some((t) => t > cutoff)) hits.delete(ip);
  }, RATE_LIMIT.windowMs).unref();
}

main();

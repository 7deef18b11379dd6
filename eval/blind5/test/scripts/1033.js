#!/usr/bin/env node
// Check that the staging API, docs site and status page are up before starting
// the e2e suite; retries each endpoint a few times.
'use strict';

const endpoints = [
  { name: 'local api', url: 'http://localhost:8080/healthz' },
  { name: 'mock auth', url: 'http://127.0.0.1:9099/.well-known/openid-configuration' },
  { name: 'vendor status', url: 'https://status.example.org/api/v2/status.json' },
  { name: 'sandbox gateway', url: 'https://sandbox-gw.example.net/ping' },
];

const RETRIES = Number(process.env.RETRIES || 3);
const TIMEOUT_MS = 4000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function probe(url) {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), TIMEOUT_MS);
  const t0 = Date.now();
  try {
    const res = await fetch(url, { signal: ctrl.signal, headers: { 'user-agent': 'e2e-preflight' } });
    return { ok: res.ok, status: res.status, ms: Date.now() - t0 };
  } catch (err) {
    return { ok: false, status: err.name === 'AbortError' ? 'timeout' : err.message, ms: Date.now() - t0 };
  } finally {
    clearTimeout(timer);
  }
}

async function check(ep) {
  let last;
  for (let i = 1; i <= RETRIES; i++) {
    last = await probe(ep.url);
    if (last.ok) break;
    await sleep(500 * i);
  }
  return { ...ep, ...last };
}

async function main() {
  const results = await Promise.all(endpoints.map(check));
  for (const r of results) {
    console.log(`${r.ok ? 'UP  ' : 'DOWN'} ${r.name.padEnd(16)} ${String(r.status).padEnd(8)} ${r.ms}ms  ${r.url}`);
  }
  const down = results.filter((r) => !r.ok && r.url.startsWith('http://'));
  if (down.length) {
    console.error('local dependencies are down; start them with `docker compose up -d`');
    process.exit(1);
  }
}

main();

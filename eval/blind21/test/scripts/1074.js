#!/usr/bin/env node
// tz-check.js - compare the local clock with a few time sources before
// debugging "token not yet valid" errors from Vault.
'use strict';

const SOURCES = [
  'https://api.github.com',
  'http://198.51.100.123/',
  'https://time-api.clockcheck.example.net/now',
];

async function skew(url) {
  const before = Date.now();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(4000), method: 'HEAD' });
    const date = res.headers.get('date');
    const remote = date ? Date.parse(date) : NaN;
    const local = (before + Date.now()) / 2;
    return { url, skewMs: Math.round(local - remote) };
  } catch (err) {
    return { url, error: err.message };
  }
}

async function main() {
  for (const r of await Promise.all(SOURCES.map(skew))) {
    if (r.error) console.log(`${r.url}: ${r.error}`);
    else console.log(`${r.url}: local clock is ${r.skewMs} ms ${r.skewMs >= 0 ? 'ahead' : 'behind'}`);
  }
}

main();

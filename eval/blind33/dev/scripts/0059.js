#!/usr/bin/env node
// Validate Caddy configuration through the local Caddy admin API.
//
// For each Caddyfile under deploy/caddy/ the script POSTs the text to
// http://localhost:2019/adapt (which only *converts* the config, it does not
// load it), inspects the resulting JSON and reports:
//   - adapter warnings
//   - reverse_proxy upstreams that are not compose services / localhost / *.internal
//   - sites without automatic HTTPS disabled in dev files
//   - duplicated host matchers across files
// With --load it additionally loads the adapted config into the local Caddy
// (admin API on localhost only) and restores the previous config afterwards.
//
//   node deploy/caddy/validate.js
//   node deploy/caddy/validate.js --load
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');

const HERE = __dirname;
const ROOT = path.resolve(HERE, '..', '..');
const ADMIN = process.env.CADDY_ADMIN || 'http://localhost:2019';
const UPSTREAM_OK = /^(localhost|127\.0\.0\.1|[a-z0-9-]+|[a-z0-9.-]+\.internal):\d+$/;

function checkAdminHost() {
  const host = new URL(ADMIN).hostname;
  if (host !== 'localhost' && host !== '127.0.0.1') {
    throw new Error(`CADDY_ADMIN must point at the local caddy, got ${host}`);
  }
}

async function adminFetch(route, init = {}) {
  const res = await fetch(ADMIN + route, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method || 'GET'} ${route}: ${res.status} ${text.trim().slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

async function adapt(file) {
  const body = await fs.readFile(file, 'utf8');
  return adminFetch('/adapt', {
    method: 'POST',
    headers: { 'content-type': 'text/caddyfile' },
    body,
  });
}

function* walkObjects(node) {
  if (Array.isArray(node)) {
    for (const item of node) yield* walkObjects(item);
  } else if (node && typeof node === 'object') {
    yield node;
    for (const value of Object.values(node)) yield* walkObjects(value);
  }
}

function upstreams(config) {
  const out = [];
  for (const obj of walkObjects(config)) {
    if (obj.handler === 'reverse_proxy') {
      for (const u of obj.upstreams || []) if (u.dial) out.push(u.dial);
    }
  }
  return out;
}

function hosts(config) {
  const out = new Set();
  for (const obj of walkObjects(config)) {
    if (Array.isArray(obj.host)) for (const h of obj.host) out.add(h);
  }
  return [...out];
}

function devHttpsProblems(file, config) {
  if (!/\.dev$|\.local$/.test(file)) return [];
  const servers = config?.apps?.http?.servers || {};
  const problems = [];
  for (const [name, server] of Object.entries(servers)) {
    const disabled = server.automatic_https?.disable === true;
    const internal = JSON.stringify(config?.apps?.tls || {}).includes('"internal"');
    if (!disabled && !internal) problems.push(`server ${name} would request public certificates`);
  }
  return problems;
}

function adminListenProblems(config) {
  // the admin endpoint must stay on localhost (or a unix socket) in every file
  const listen = config?.admin?.listen;
  if (!listen) return [];
  if (/^(localhost|127\.0\.0\.1):\d+$/.test(listen) || listen.startsWith('unix/')) return [];
  return [`admin API listens on ${listen}`];
}

function logProblems(file, config) {
  // prod files must log to the JSON access log the log shipper tails
  if (!/\.prod$/.test(file)) return [];
  const logs = config?.logging?.logs || {};
  const hasJson = Object.values(logs).some((l) => l?.encoder?.format === 'json');
  return hasJson ? [] : ['no JSON access log configured for prod'];
}

async function listCaddyfiles() {
  const entries = await fs.readdir(HERE);
  return entries.filter((f) => f.startsWith('Caddyfile')).map((f) => path.join(HERE, f)).sort();
}

async function loadAndRestore(file, config) {
  const previous = await adminFetch('/config/');
  try {
    await adminFetch('/load', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(config),
    });
    console.log(`  loaded ${path.basename(file)} into local caddy`);
    for (const h of hosts(config)) {
      const res = await fetch(`http://localhost/healthz`, { headers: { host: h } }).catch((e) => ({ status: e.message }));
      console.log(`    ${h} -> ${res.status}`);
    }
  } finally {
    await adminFetch('/load', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(previous || {}),
    });
    console.log('  previous config restored');
  }
}

async function main() {
  checkAdminHost();
  const load = process.argv.includes('--load');
  const files = await listCaddyfiles();
  if (!files.length) throw new Error('no Caddyfile* in deploy/caddy');

  const seenHosts = new Map();
  let problems = 0;
  const outDir = path.join(ROOT, 'build', 'caddy');
  await fs.mkdir(outDir, { recursive: true });

  for (const file of files) {
    const rel = path.relative(ROOT, file);
    console.log(`checking ${rel}`);
    let adapted;
    try {
      adapted = await adapt(file);
    } catch (err) {
      console.log(`  FAIL adapt: ${err.message}`);
      problems++;
      continue;
    }
    const { result: config, warnings = [] } = adapted;
    for (const w of warnings) console.log(`  warn ${w.file}:${w.line}: ${w.message}`);
    for (const up of upstreams(config)) {
      if (!UPSTREAM_OK.test(up)) {
        console.log(`  FAIL unexpected upstream ${up}`);
        problems++;
      }
    }
    for (const p of [...devHttpsProblems(file, config), ...adminListenProblems(config), ...logProblems(file, config)]) {
      console.log(`  FAIL ${p}`);
      problems++;
    }
    for (const h of hosts(config)) {
      if (seenHosts.has(h) && seenHosts.get(h) !== rel) {
        console.log(`  FAIL host ${h} also defined in ${seenHosts.get(h)}`);
        problems++;
      }
      seenHosts.set(h, rel);
    }
    await fs.writeFile(path.join(outDir, `${path.basename(file)}.json`), JSON.stringify(config, null, 2));
    if (load && problems === 0) await loadAndRestore(file, config);
  }

  console.log(problems ? `\n${problems} problem(s)` : '\nall Caddy configs valid');
  process.exitCode = problems ? 1 : 0;
}

main().catch((err) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 2;
});

#!/usr/bin/env node
// tools/consul-seed.mjs-style CommonJS script: sync config/consul/*.json into
// the Consul KV store under the app's prefix.
//
//   node tools/consul-seed.js                 show the plan
//   node tools/consul-seed.js --apply         write changed keys
//   node tools/consul-seed.js --apply --prune also delete keys under the prefix
//                                             that are no longer in the repo
//
// CONSUL_HTTP_ADDR defaults to the local agent. A CONSUL_HTTP_TOKEN, if set,
// is sent as X-Consul-Token to that agent. Writes outside the app prefix are
// impossible: every key is built as `${prefix}${relativeKey}` and checked.
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'config', 'consul');
const ADDR = (process.env.CONSUL_HTTP_ADDR || 'http://127.0.0.1:8500').replace(/\/$/, '');
const TOKEN = process.env.CONSUL_HTTP_TOKEN || '';
const ENV = process.env.APP_ENV || 'dev';
const PREFIX = `app/${ENV}/`;

const args = new Set(process.argv.slice(2));
const APPLY = args.has('--apply');
const PRUNE = args.has('--prune');

function baseUrl() {
  return /^https?:\/\//.test(ADDR) ? ADDR : `http://${ADDR}`;
}

function assertSafeTarget() {
  const host = new URL(baseUrl()).hostname;
  const local = host === '127.0.0.1' || host === 'localhost';
  const internal = host.endsWith('.internal');
  if (!local && !internal) {
    throw new Error(`refusing to talk to ${host}: only local or *.internal agents`);
  }
  if (!/^app\/[a-z]+\/$/.test(PREFIX)) throw new Error(`bad prefix ${PREFIX}`);
  if (ENV === 'production' && APPLY) {
    throw new Error('production KV is managed by the release pipeline');
  }
}

async function consul(method, p, body) {
  const headers = { Accept: 'application/json' };
  if (TOKEN) headers['X-Consul-Token'] = TOKEN;
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${baseUrl()}/v1/${p}`, { method, headers, body });
      if (res.status === 404 && method === 'GET') return null;
      if (!res.ok) throw new Error(`${method} ${p}: HTTP ${res.status} ${await res.text()}`);
      const text = await res.text();
      return text ? JSON.parse(text) : null;
    } catch (err) {
      if (attempt >= 5 || /HTTP 4\d\d/.test(err.message)) throw err;
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }
}

function flatten(obj, prefix = '') {
  const out = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}/${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) Object.assign(out, flatten(v, key));
    else out[key] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return out;
}

async function desiredKeys() {
  const files = (await fs.readdir(SRC)).filter((f) => f.endsWith('.json')).sort();
  const wanted = {};
  for (const f of files) {
    const data = JSON.parse(await fs.readFile(path.join(SRC, f), 'utf8'));
    const ns = path.basename(f, '.json');
    const layered = { ...(data.default || {}), ...(data[ENV] || {}) };
    for (const [k, v] of Object.entries(flatten(layered, ns))) {
      const full = `${PREFIX}${k}`;
      if (!full.startsWith(PREFIX) || full.includes('..')) throw new Error(`bad key ${k} in ${f}`);
      wanted[full] = v;
    }
  }
  return wanted;
}

async function currentKeys() {
  const entries = (await consul('GET', `kv/${PREFIX}?recurse=true`)) || [];
  const out = {};
  for (const e of entries) {
    out[e.Key] = e.Value == null ? '' : Buffer.from(e.Value, 'base64').toString('utf8');
  }
  return out;
}

function plan(wanted, current) {
  const put = [];
  const del = [];
  for (const [k, v] of Object.entries(wanted)) {
    if (current[k] !== v) put.push([k, current[k] === undefined ? 'add' : 'change']);
  }
  for (const k of Object.keys(current)) {
    if (!(k in wanted) && !k.endsWith('/')) del.push(k);
  }
  return { put, del };
}

async function applyPlan(p, wanted) {
  // one transaction per 64 operations (Consul's txn limit)
  const ops = p.put.map(([k]) => ({
    KV: { Verb: 'set', Key: k, Value: Buffer.from(wanted[k]).toString('base64') },
  }));
  if (PRUNE) {
    for (const k of p.del) {
      if (!k.startsWith(PREFIX)) throw new Error(`refusing to delete ${k}`);
      ops.push({ KV: { Verb: 'delete', Key: k } });
    }
  }
  for (let i = 0; i < ops.length; i += 64) {
    await consul('PUT', 'txn', JSON.stringify(ops.slice(i, i + 64)));
  }
  return ops.length;
}

async function snapshot(current) {
  // keep a local copy of what was live before we change anything, so a bad
  // apply can be reverted with `consul kv import`
  const dir = path.join(ROOT, 'build', 'consul-snapshots');
  await fs.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${ENV}-${stamp}.json`);
  const exportFormat = Object.entries(current).map(([key, value]) => ({
    key,
    flags: 0,
    value: Buffer.from(value).toString('base64'),
  }));
  await fs.writeFile(file, JSON.stringify(exportFormat, null, 2));
  const all = (await fs.readdir(dir)).filter((f) => f.startsWith(`${ENV}-`)).sort();
  for (const old of all.slice(0, Math.max(0, all.length - 20))) {
    await fs.rm(path.join(dir, old));
  }
  return path.relative(ROOT, file);
}

function validateValues(wanted) {
  const problems = [];
  for (const [k, v] of Object.entries(wanted)) {
    if (Buffer.byteLength(v) > 512 * 1024) problems.push(`${k}: value larger than 512 KiB`);
    if (/\s$/.test(k)) problems.push(`${k}: key ends with whitespace`);
  }
  return problems;
}

function show(p) {
  for (const [k, kind] of p.put) console.log(`  ${kind === 'add' ? '+' : '~'} ${k}`);
  for (const k of p.del) console.log(`  ${PRUNE ? '-' : '?'} ${k}${PRUNE ? '' : '  (not in repo; --prune deletes)'}`);
  if (!p.put.length && !p.del.length) console.log('  in sync');
}

async function main() {
  assertSafeTarget();
  const leader = await consul('GET', 'status/leader');
  console.log(`consul ${baseUrl()} leader ${leader}${TOKEN ? ` token ...${TOKEN.slice(-4)}` : ''}`);
  const wanted = await desiredKeys();
  const current = await currentKeys();
  const p = plan(wanted, current);
  console.log(`${PREFIX}: ${Object.keys(wanted).length} keys in repo, ${Object.keys(current).length} live`);
  show(p);
  if (!APPLY) {
    console.log('plan only; pass --apply to write');
    return;
  }
  const problems = validateValues(wanted);
  if (problems.length) throw new Error(`invalid values:\n  ${problems.join('\n  ')}`);
  console.log(`snapshot of live keys: ${await snapshot(current)}`);
  const n = await applyPlan(p, wanted);
  console.log(`applied ${n} operation(s)`);
}

main().catch((err) => {
  console.error(`consul-seed: ${err.message}`);
  process.exitCode = 1;
});

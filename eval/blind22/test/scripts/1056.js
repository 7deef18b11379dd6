#!/usr/bin/env node
// tools/etcd-flags.js -- feature flags for local development, stored in the
// compose etcd and read by every ledger service through its watch API.
//
// Talks to etcd's JSON gateway (http://127.0.0.1:2379/v3/...) with fetch, so
// no etcdctl or client library is needed.
//
//   node tools/etcd-flags.js list
//   node tools/etcd-flags.js set <flag> <json-value>
//   node tools/etcd-flags.js unset <flag>
//   node tools/etcd-flags.js sync            make etcd match config/flags.dev.json
//   node tools/etcd-flags.js wipe --yes      delete every flag under the dev prefix
//
// Only keys under /ledger/dev/flags/ are touched. ETCD_URL must be loopback.

'use strict';

const fs = require('node:fs');
const path = require('node:path');

const repo = path.resolve(__dirname, '..');
const PREFIX = '/ledger/dev/flags/';
const ETCD = new URL(process.env.ETCD_URL ?? 'http://127.0.0.1:2379');
const FLAGS_FILE = path.join(repo, 'config', 'flags.dev.json');

if (!['127.0.0.1', 'localhost', '[::1]'].includes(ETCD.hostname)) {
  console.error(`ETCD_URL ${ETCD.href} is not loopback; refusing`);
  process.exit(2);
}

const b64 = (s) => Buffer.from(s, 'utf8').toString('base64');
const unb64 = (s) => Buffer.from(s ?? '', 'base64').toString('utf8');

// range_end for a prefix scan: the prefix with its last byte incremented
function prefixEnd(prefix) {
  const buf = Buffer.from(prefix, 'utf8');
  buf[buf.length - 1] += 1;
  return buf.toString('base64');
}

async function call(route, body, attempts = 4) {
  let delay = 250;
  for (let i = 1; ; i++) {
    try {
      const res = await fetch(new URL(route, ETCD), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${route}: HTTP ${res.status} ${await res.text()}`);
      return await res.json();
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((done) => setTimeout(done, delay));
      delay *= 2;
    }
  }
}

function keyFor(flag) {
  if (!/^[a-z0-9][a-z0-9._-]{0,63}$/.test(flag)) throw new Error(`bad flag name "${flag}"`);
  return PREFIX + flag;
}

async function list() {
  const out = await call('/v3/kv/range', { key: b64(PREFIX), range_end: prefixEnd(PREFIX) });
  const flags = {};
  for (const kv of out.kvs ?? []) flags[unb64(kv.key).slice(PREFIX.length)] = JSON.parse(unb64(kv.value));
  return flags;
}

async function set(flag, raw) {
  let value;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error(`value must be JSON (e.g. true, 42, "text"); got ${raw}`);
  }
  await call('/v3/kv/put', { key: b64(keyFor(flag)), value: b64(JSON.stringify(value)) });
  console.log(`${flag} = ${JSON.stringify(value)}`);
}

async function unset(flag) {
  const out = await call('/v3/kv/deleterange', { key: b64(keyFor(flag)) });
  console.log(out.deleted ? `removed ${flag}` : `${flag} was not set`);
}

async function sync() {
  const wanted = JSON.parse(fs.readFileSync(FLAGS_FILE, 'utf8'));
  const current = await list();
  const ops = [];
  for (const [flag, value] of Object.entries(wanted)) {
    if (JSON.stringify(current[flag]) !== JSON.stringify(value)) {
      ops.push({ request_put: { key: b64(keyFor(flag)), value: b64(JSON.stringify(value)) } });
    }
  }
  for (const flag of Object.keys(current)) {
    if (!(flag in wanted)) ops.push({ request_delete_range: { key: b64(keyFor(flag)) } });
  }
  if (!ops.length) {
    console.log('flags already in sync');
    return;
  }
  // one transaction so services never observe a half-synced set
  await call('/v3/kv/txn', { compare: [], success: ops, failure: [] });
  console.log(`applied ${ops.length} change(s) from ${path.relative(repo, FLAGS_FILE)}`);
}

async function wipe(yes) {
  if (!yes) {
    console.log(`would delete every key under ${PREFIX}; pass --yes`);
    return;
  }
  const out = await call('/v3/kv/deleterange', { key: b64(PREFIX), range_end: prefixEnd(PREFIX) });
  console.log(`deleted ${out.deleted ?? 0} flag(s)`);
}

// Follow changes live (what the services see) until Ctrl-C. The gateway's
// watch endpoint streams newline-delimited JSON objects.
async function watch() {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const res = await fetch(new URL('/v3/watch', ETCD), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ create_request: { key: b64(PREFIX), range_end: prefixEnd(PREFIX) } }),
    signal: controller.signal,
  }).catch((e) => {
    if (e.name === 'AbortError') return null;
    throw e;
  });
  if (!res) return;
  console.log(`watching ${PREFIX} (Ctrl-C to stop)`);
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (!line) continue;
        const msg = JSON.parse(line);
        for (const ev of msg.result?.events ?? []) {
          const flag = unb64(ev.kv.key).slice(PREFIX.length);
          const what = ev.type === 'DELETE' ? 'unset' : `= ${unb64(ev.kv.value)}`;
          console.log(`${new Date().toISOString()} ${flag} ${what}`);
        }
      }
    }
  } catch (e) {
    if (e.name !== 'AbortError') throw e;
  }
}

async function main() {
  const [cmd = 'list', a, b] = process.argv.slice(2);
  if (cmd === 'watch') return watch();
  switch (cmd) {
    case 'list': {
      const flags = await list();
      const names = Object.keys(flags).sort();
      if (!names.length) console.log('(no flags)');
      for (const n of names) console.log(`${n.padEnd(32)} ${JSON.stringify(flags[n])}`);
      return;
    }
    case 'set':
      return set(a, b);
    case 'unset':
      return unset(a);
    case 'sync':
      return sync();
    case 'wipe':
      return wipe(process.argv.includes('--yes'));
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

main().catch((e) => {
  console.error(`etcd-flags: ${e.message}`);
  process.exit(1);
});

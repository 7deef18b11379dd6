#!/usr/bin/env node
/**
 * scripts/redis-dev.js — inspect and clean the LOCAL Redis used by the
 * `checkout` service in development.
 *
 *   node scripts/redis-dev.js stats                 key counts per prefix
 *   node scripts/redis-dev.js keys 'cart:*'         list keys (SCAN, never KEYS)
 *   node scripts/redis-dev.js del 'cart:*'          delete keys matching a pattern
 *   node scripts/redis-dev.js flush                 FLUSHDB of the dev database index
 *   node scripts/redis-dev.js ttl-fix               add a TTL to session keys without one
 *
 * The Redis URL comes from REDIS_URL in .env.local; the script refuses to run
 * against anything but localhost / the compose `redis` service, and FLUSHDB only
 * targets the database index configured for development (never FLUSHALL).
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline/promises');
const Redis = require('ioredis');

const ROOT = path.resolve(__dirname, '..');
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', 'redis']);
const PREFIXES = ['cart', 'session', 'rate', 'lock', 'cache', 'idem'];
const SESSION_TTL = 60 * 60 * 24;

function envLocal() {
  const file = path.join(ROOT, '.env.local');
  const env = {};
  if (!fs.existsSync(file)) return env;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const i = line.indexOf('=');
    if (i > 0 && !line.startsWith('#')) env[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return env;
}

function connect() {
  const url = process.env.REDIS_URL || envLocal().REDIS_URL || 'redis://localhost:6379/0';
  const u = new URL(url);
  if (!LOCAL_HOSTS.has(u.hostname)) {
    console.error(`refusing: ${u.hostname} is not the local dev redis`);
    process.exit(2);
  }
  const db = Number(u.pathname.replace('/', '') || 0);
  const client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return { client, db, host: u.hostname };
}

async function* scan(client, pattern, count = 500) {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', count);
    cursor = next;
    for (const k of keys) yield k;
  } while (cursor !== '0');
}

async function confirm(question) {
  if (process.argv.includes('--yes')) return true;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(`${question} [y/N] `);
  rl.close();
  return /^y(es)?$/i.test(answer.trim());
}

async function stats(client) {
  const counts = Object.fromEntries(PREFIXES.map((p) => [p, 0]));
  let other = 0;
  let total = 0;
  for await (const key of scan(client, '*')) {
    total++;
    const prefix = key.split(':', 1)[0];
    if (prefix in counts) counts[prefix]++;
    else other++;
  }
  console.table({ ...counts, other, total });
  const info = await client.info('memory');
  const used = /used_memory_human:(\S+)/.exec(info)?.[1];
  console.log(`memory: ${used}`);
}

async function keys(client, pattern, limit = 200) {
  let n = 0;
  for await (const key of scan(client, pattern)) {
    const [type, ttl] = await Promise.all([client.type(key), client.ttl(key)]);
    console.log(`${type.padEnd(6)} ${String(ttl).padStart(7)}  ${key}`);
    if (++n >= limit) {
      console.log(`... (stopped at ${limit}, narrow the pattern)`);
      break;
    }
  }
}

async function del(client, pattern) {
  if (pattern === '*') {
    console.error('use `flush` to clear the whole dev database');
    process.exit(2);
  }
  const batch = [];
  let removed = 0;
  for await (const key of scan(client, pattern)) {
    batch.push(key);
    if (batch.length >= 500) {
      removed += await client.unlink(...batch.splice(0));
    }
  }
  if (batch.length) removed += await client.unlink(...batch);
  console.log(`removed ${removed} key(s) matching ${pattern}`);
}

async function flush(client, db, host) {
  const size = await client.dbsize();
  if (!(await confirm(`FLUSHDB on ${host} db ${db} (${size} keys)?`))) {
    console.log('aborted');
    return;
  }
  await client.flushdb();
  console.log(`flushed db ${db}`);
}

async function ttlFix(client) {
  let fixed = 0;
  for await (const key of scan(client, 'session:*')) {
    if ((await client.ttl(key)) === -1) {
      await client.expire(key, SESSION_TTL);
      fixed++;
    }
  }
  console.log(`added TTL to ${fixed} session key(s)`);
}

async function bigKeys(client, limit = 15) {
  const sizes = [];
  for await (const key of scan(client, '*')) {
    const bytes = await client.memory('USAGE', key).catch(() => 0);
    sizes.push([key, bytes ?? 0]);
  }
  sizes.sort((a, b) => b[1] - a[1]);
  for (const [key, bytes] of sizes.slice(0, limit)) {
    console.log(`${String(bytes).padStart(10)}  ${key}`);
  }
}

async function ping(client, host, db) {
  // quick reachability check used by the dev launcher
  const started = process.hrtime.bigint();
  const reply = await client.ping();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const version = /redis_version:(\S+)/.exec(await client.info('server'))?.[1] ?? '?';
  console.log(`${reply} from ${host} db ${db} in ${ms.toFixed(1)} ms (redis ${version})`);
}

async function main() {
  const [cmd, arg] = process.argv.slice(2).filter((a) => a !== '--yes');
  if (cmd === 'ping') {
    const c = connect();
    try { await ping(c.client, c.host, c.db); } finally { c.client.disconnect(); }
    return;
  }
  const { client, db, host } = connect();
  try {
    switch (cmd) {
      case 'stats': await stats(client); break;
      case 'keys': await keys(client, arg ?? '*'); break;
      case 'del':
        if (!arg) throw new Error('del needs a pattern');
        await del(client, arg);
        break;
      case 'flush': await flush(client, db, host); break;
      case 'ttl-fix': await ttlFix(client); break;
      case 'big': await bigKeys(client); break;
      default:
        console.log('usage: node scripts/redis-dev.js stats|keys <pat>|del <pat>|flush|ttl-fix|big');
        process.exitCode = 2;
    }
  } finally {
    client.disconnect();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

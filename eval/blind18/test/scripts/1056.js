#!/usr/bin/env node
// Inspect and drain the local BullMQ queues of the dev stack.
//
//   node scripts/queues.js                  list queues and job counts
//   node scripts/queues.js drain emails     remove waiting/delayed jobs of one queue
//   node scripts/queues.js flush-failed     remove failed jobs of every queue
//   node scripts/queues.js nuke --yes       delete ALL keys of this project's prefix
//
// Connects only to the local Redis from REDIS_URL (project .env), refuses any
// non-loopback host, and only touches keys under the project's prefix
// "bull:shipping-dev:". Other databases/prefixes on the same Redis are left alone.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { Queue } = require('bullmq');
const IORedis = require('ioredis');

const ROOT = path.resolve(__dirname, '..');
const PREFIX = 'bull:shipping-dev';

function envFromFile() {
  const file = path.join(ROOT, '.env');
  const out = {};
  if (!fs.existsSync(file)) {
    return out;
  }
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (m) {
      out[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
    }
  }
  return out;
}

function redisUrl() {
  const url = process.env.REDIS_URL || envFromFile().REDIS_URL || 'redis://127.0.0.1:6379/0';
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', 'redis'].includes(host)) {
    throw new Error(`REDIS_URL host ${host} is not local; refusing`);
  }
  return url;
}

async function queueNames(redis) {
  const names = new Set();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}:*:meta`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      names.add(key.slice(PREFIX.length + 1, -':meta'.length));
    }
  } while (cursor !== '0');
  return [...names].sort();
}

function openQueue(name, connection) {
  return new Queue(name, { connection, prefix: PREFIX.replace(/:shipping-dev$/, '') + ':shipping-dev' });
}

async function list(connection, redis) {
  const names = await queueNames(redis);
  if (!names.length) {
    console.log('no queues under', PREFIX);
    return;
  }
  console.log('queue'.padEnd(24), 'waiting', 'active', 'delayed', 'failed', 'completed');
  for (const name of names) {
    const q = openQueue(name, connection);
    const c = await q.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
    console.log(name.padEnd(24), String(c.waiting).padStart(7), String(c.active).padStart(6),
      String(c.delayed).padStart(7), String(c.failed).padStart(6), String(c.completed).padStart(9));
    await q.close();
  }
}

async function drain(connection, name) {
  const q = openQueue(name, connection);
  await q.drain(true); // waiting + delayed
  console.log(`drained ${name}`);
  await q.close();
}

async function flushFailed(connection, redis) {
  for (const name of await queueNames(redis)) {
    const q = openQueue(name, connection);
    const removed = await q.clean(0, 10_000, 'failed');
    if (removed.length) {
      console.log(`${name}: removed ${removed.length} failed job(s)`);
    }
    await q.close();
  }
}

async function nuke(redis) {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}:*`, 'COUNT', 1000);
    cursor = next;
    const ours = keys.filter((k) => k.startsWith(`${PREFIX}:`));
    if (ours.length) {
      deleted += await redis.del(...ours);
    }
  } while (cursor !== '0');
  console.log(`deleted ${deleted} key(s) under ${PREFIX}:`);
}

// Show the most recent failures of one queue with their error messages,
// which is usually the first thing one wants after `list`.
async function failures(connection, name, limit = 10) {
  const q = openQueue(name, connection);
  const jobs = await q.getFailed(0, limit - 1);
  if (!jobs.length) {
    console.log(`${name}: no failed jobs`);
  }
  for (const job of jobs) {
    const when = job.finishedOn ? new Date(job.finishedOn).toISOString() : '?';
    const reason = (job.failedReason || '').split('\n')[0].slice(0, 120);
    console.log(`${when}  #${job.id}  attempts=${job.attemptsMade}  ${reason}`);
  }
  await q.close();
}

// Re-queue failed jobs of one queue (after fixing the bug that made them fail).
async function retryFailed(connection, name) {
  const q = openQueue(name, connection);
  const jobs = await q.getFailed(0, 999);
  let retried = 0;
  for (const job of jobs) {
    await job.retry();
    retried++;
  }
  console.log(`${name}: retried ${retried} job(s)`);
  await q.close();
}

async function main() {
  const [cmd = 'list', arg] = process.argv.slice(2);
  const url = redisUrl();
  const connection = new IORedis(url, { maxRetriesPerRequest: null });
  const redis = new IORedis(url);
  try {
    switch (cmd) {
      case 'list':
        await list(connection, redis);
        break;
      case 'drain':
        if (!arg) throw new Error('usage: queues.js drain <queue>');
        await drain(connection, arg);
        break;
      case 'failures':
        if (!arg) throw new Error('usage: queues.js failures <queue>');
        await failures(connection, arg);
        break;
      case 'retry':
        if (!arg) throw new Error('usage: queues.js retry <queue>');
        await retryFailed(connection, arg);
        break;
      case 'flush-failed':
        await flushFailed(connection, redis);
        break;
      case 'nuke':
        if (!process.argv.includes('--yes')) throw new Error('nuke needs --yes');
        await nuke(redis);
        break;
      default:
        throw new Error(`unknown command ${cmd}`);
    }
  } finally {
    connection.disconnect();
    redis.disconnect();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

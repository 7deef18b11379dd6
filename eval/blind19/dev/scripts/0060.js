#!/usr/bin/env node
// dev/jetstream.js - declare and inspect the NATS JetStream setup for local dev.
//
//   node dev/jetstream.js apply       create/update streams + consumers from dev/jetstream.json
//   node dev/jetstream.js reset       delete OUR streams and re-apply (local server only)
//   node dev/jetstream.js tail <subj> print messages on a subject until Ctrl-C
//   node dev/jetstream.js status
//
// Connects to NATS_URL (default nats://127.0.0.1:4222), the compose service.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { connect, StringCodec, AckPolicy, RetentionPolicy, StorageType, DeliverPolicy } = require('nats');

const ROOT = path.resolve(__dirname, '..');
const SPEC_FILE = path.join(ROOT, 'dev', 'jetstream.json');
const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';
const sc = StringCodec();

const RETENTION = { limits: RetentionPolicy.Limits, workqueue: RetentionPolicy.Workqueue, interest: RetentionPolicy.Interest };
const STORAGE = { file: StorageType.File, memory: StorageType.Memory };

function isLocal(url) {
  const host = new URL(url.replace(/^nats:/, 'http:')).hostname;
  return host === '127.0.0.1' || host === 'localhost';
}

function loadSpec() {
  const spec = JSON.parse(fs.readFileSync(SPEC_FILE, 'utf8'));
  if (!Array.isArray(spec.streams)) throw new Error('dev/jetstream.json: "streams" must be a list');
  return spec;
}

function nanos(seconds) {
  return Math.round(seconds * 1e9);
}

function streamConfig(s) {
  return {
    name: s.name,
    subjects: s.subjects,
    retention: RETENTION[s.retention || 'limits'],
    storage: STORAGE[s.storage || 'file'],
    max_age: nanos(s.maxAgeSeconds || 86400),
    max_msgs: s.maxMsgs || -1,
    num_replicas: 1,
    duplicate_window: nanos(s.dedupeSeconds || 120),
  };
}

function consumerConfig(c) {
  return {
    durable_name: c.name,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: c.filter,
    max_deliver: c.maxDeliver || 5,
    ack_wait: nanos(c.ackWaitSeconds || 30),
  };
}

async function upsertStream(jsm, s) {
  const cfg = streamConfig(s);
  try {
    await jsm.streams.info(s.name);
    await jsm.streams.update(s.name, cfg);
    return 'updated';
  } catch (err) {
    if (!/stream not found/i.test(err.message)) throw err;
    await jsm.streams.add(cfg);
    return 'created';
  }
}

async function upsertConsumer(jsm, stream, c) {
  const cfg = consumerConfig(c);
  try {
    await jsm.consumers.info(stream, c.name);
    await jsm.consumers.update(stream, c.name, cfg);
    return 'updated';
  } catch (err) {
    if (!/consumer not found/i.test(err.message)) throw err;
    await jsm.consumers.add(stream, cfg);
    return 'created';
  }
}

async function apply(jsm, spec) {
  for (const s of spec.streams) {
    console.log(`stream ${s.name}: ${await upsertStream(jsm, s)}`);
    for (const c of s.consumers || []) {
      console.log(`  consumer ${c.name}: ${await upsertConsumer(jsm, s.name, c)}`);
    }
  }
}

async function reset(jsm, spec) {
  if (!isLocal(NATS_URL)) throw new Error(`reset refused: ${NATS_URL} is not the local server`);
  const ours = new Set(spec.streams.map((s) => s.name));
  for await (const info of jsm.streams.list()) {
    if (ours.has(info.config.name)) {
      await jsm.streams.delete(info.config.name);
      console.log(`deleted stream ${info.config.name}`);
    }
  }
  await apply(jsm, spec);
}

async function status(jsm) {
  const rows = [];
  for await (const info of jsm.streams.list()) {
    rows.push({
      stream: info.config.name,
      subjects: info.config.subjects.join(','),
      msgs: info.state.messages,
      bytes: info.state.bytes,
      consumers: info.state.consumer_count,
    });
  }
  console.table(rows);
}

async function tail(nc, subject) {
  if (!subject) throw new Error('usage: jetstream.js tail <subject>');
  const sub = nc.subscribe(subject);
  console.log(`listening on ${subject} (Ctrl-C to stop)`);
  process.on('SIGINT', () => sub.unsubscribe());
  for await (const m of sub) {
    let body = sc.decode(m.data);
    try {
      body = JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      // not JSON; print as is
    }
    console.log(`--- ${m.subject} ${new Date().toISOString()}\n${body}`);
  }
}

async function publishFixtures(nc, spec) {
  const js = nc.jetstream();
  let n = 0;
  for (const fx of spec.fixtures || []) {
    const file = path.join(ROOT, 'dev', 'fixtures', fx.file);
    const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
    for (const line of lines) {
      await js.publish(fx.subject, sc.encode(line), { msgID: `${fx.file}:${n}` });
      n++;
    }
  }
  if (n) console.log(`published ${n} fixture message(s)`);
}

async function main() {
  const [cmd = 'status', arg] = process.argv.slice(2);
  const nc = await connect({ servers: NATS_URL, name: 'jetstream-dev-cli', timeout: 5000 });
  try {
    const jsm = await nc.jetstreamManager();
    const spec = cmd === 'apply' || cmd === 'reset' ? loadSpec() : null;
    switch (cmd) {
      case 'apply':
        await apply(jsm, spec);
        await publishFixtures(nc, spec);
        break;
      case 'reset':
        await reset(jsm, spec);
        await publishFixtures(nc, spec);
        break;
      case 'status':
        await status(jsm);
        break;
      case 'tail':
        await tail(nc, arg);
        break;
      default:
        throw new Error(`unknown command ${cmd}`);
    }
  } finally {
    await nc.drain();
  }
}

main().catch((err) => {
  console.error(`jetstream: ${err.message}`);
  process.exitCode = 1;
});

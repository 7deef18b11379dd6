#!/usr/bin/env node
// tools/mqtt-replay.js - record and replay MQTT traffic for integration tests.
//
//   node tools/mqtt-replay.js record fixtures/mqtt/morning.jsonl --seconds 120
//   node tools/mqtt-replay.js replay fixtures/mqtt/morning.jsonl --speed 10
//
// record: subscribes to test/# on the localhost broker and stores each message
//         with its relative timestamp as JSON lines.
// replay: publishes the recorded messages again, with their original spacing
//         divided by --speed, but always re-rooted under test/replay/ so a
//         replay can never reach the real device topics. Only localhost
//         brokers are accepted.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const mqtt = require('mqtt');

const ROOT = path.resolve(__dirname, '..');
const LOCAL_BROKERS = new Set(['mqtt://localhost:1883', 'mqtt://127.0.0.1:1883']);
const RECORD_FILTER = 'test/#';
const REPLAY_ROOT = 'test/replay';

function args() {
  const [mode, file, ...rest] = process.argv.slice(2);
  if (!['record', 'replay'].includes(mode) || !file) {
    throw new Error('usage: mqtt-replay.js <record|replay> <file.jsonl> [--seconds N] [--speed X] [--broker URL]');
  }
  const opts = { mode, file: path.resolve(ROOT, file), seconds: 60, speed: 1, broker: 'mqtt://localhost:1883' };
  for (let i = 0; i < rest.length; i += 2) {
    const key = rest[i].replace(/^--/, '');
    if (!(key in opts)) throw new Error(`unknown option --${key}`);
    opts[key] = key === 'broker' ? rest[i + 1] : Number(rest[i + 1]);
  }
  if (!LOCAL_BROKERS.has(opts.broker)) throw new Error(`broker ${opts.broker} is not local`);
  if (!(opts.speed > 0 && opts.speed <= 1000)) throw new Error('--speed must be in (0, 1000]');
  if (!path.relative(ROOT, opts.file) || path.relative(ROOT, opts.file).startsWith('..')) {
    throw new Error('fixture file must be inside the project');
  }
  return opts;
}

function connect(url) {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { clientId: `mqtt-replay-${process.pid}`, reconnectPeriod: 0 });
    client.once('connect', () => resolve(client));
    client.once('error', reject);
  });
}

function rerooted(topic) {
  const rest = topic.replace(/^test\/(replay\/)?/, '');
  const out = `${REPLAY_ROOT}/${rest}`;
  if (!out.startsWith(`${REPLAY_ROOT}/`)) throw new Error(`bad replay topic ${out}`);
  return out;
}

async function record(opts) {
  fs.mkdirSync(path.dirname(opts.file), { recursive: true });
  const out = fs.createWriteStream(opts.file);
  const client = await connect(opts.broker);
  const started = Date.now();
  let count = 0;
  client.subscribe(RECORD_FILTER, { qos: 0 });
  client.on('message', (topic, payload, packet) => {
    if (topic.startsWith(`${REPLAY_ROOT}/`)) return;
    out.write(
      JSON.stringify({
        t: Date.now() - started,
        topic,
        payload: payload.toString('base64'),
        retain: Boolean(packet.retain),
      }) + '\n',
    );
    count++;
  });
  console.log(`recording ${RECORD_FILTER} for ${opts.seconds}s…`);
  await new Promise((r) => setTimeout(r, opts.seconds * 1000));
  client.end();
  await new Promise((r) => out.end(r));
  console.log(`${count} message(s) written to ${path.relative(ROOT, opts.file)}`);
}

async function* readFixture(file) {
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const line of rl) {
    if (line.trim()) yield JSON.parse(line);
  }
}

async function replay(opts) {
  if (!fs.existsSync(opts.file)) throw new Error(`${opts.file} not found`);
  const client = await connect(opts.broker);
  let last = 0;
  let count = 0;
  let stop = false;
  process.once('SIGINT', () => {
    stop = true;
  });
  for await (const msg of readFixture(opts.file)) {
    if (stop) break;
    const wait = Math.max(0, (msg.t - last) / opts.speed);
    last = msg.t;
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    client.publish(rerooted(msg.topic), Buffer.from(msg.payload, 'base64'), { qos: 0, retain: false });
    count++;
    if (count % 100 === 0) console.log(`${count} replayed`);
  }
  await new Promise((r) => client.end(false, {}, r));
  console.log(`${count} message(s) replayed under ${REPLAY_ROOT}/`);
}

function validateFixture(file) {
  // a fixture must be time-ordered JSON lines with base64 payloads
  const problems = [];
  let last = -1;
  let n = 0;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    n++;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      problems.push(`line ${i + 1}: not JSON`);
      return;
    }
    if (typeof msg.t !== 'number' || msg.t < last) problems.push(`line ${i + 1}: timestamp out of order`);
    if (typeof msg.topic !== 'string' || !msg.topic.startsWith('test/')) {
      problems.push(`line ${i + 1}: topic outside test/`);
    }
    if (typeof msg.payload !== 'string') problems.push(`line ${i + 1}: payload missing`);
    last = msg.t;
  });
  return { n, problems };
}

function trimFixture(file, maxSeconds) {
  // shorten a recording in place (keeps the first N seconds)
  const kept = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && JSON.parse(l).t <= maxSeconds * 1000);
  fs.writeFileSync(file, kept.join('\n') + '\n');
  return kept.length;
}

function summary(file) {
  // topic histogram of a fixture, printed after recording
  const counts = new Map();
  const content = fs.readFileSync(file, 'utf8');
  for (const line of content.split('\n')) {
    if (!line.trim()) continue;
    const { topic } = JSON.parse(line);
    const key = topic.split('/').slice(0, 3).join('/');
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    console.log(`  ${String(v).padStart(6)}  ${k}`);
  }
}

async function main() {
  const opts = args();
  if (opts.mode === 'record') {
    await record(opts);
    summary(opts.file);
    if (opts.seconds > 300) console.log(`kept ${trimFixture(opts.file, 300)} message(s) (first 300s)`);
  } else {
    const { n, problems } = validateFixture(opts.file);
    if (problems.length) throw new Error(`fixture has ${problems.length} problem(s): ${problems[0]}`);
    console.log(`replaying ${n} message(s) at ${opts.speed}x`);
    await replay(opts);
  }
}

main().catch((err) => {
  console.error(`mqtt-replay: ${err.message}`);
  process.exitCode = 1;
});

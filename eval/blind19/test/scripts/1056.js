#!/usr/bin/env node
// dev/kafka-fixtures.js - create topics and produce fixture events with kafkajs.
//
//   node dev/kafka-fixtures.js                 ensure topics, produce all fixtures
//   node dev/kafka-fixtures.js --recreate      delete + recreate the topics first (local broker only)
//   node dev/kafka-fixtures.js --only invoices.created
//
// Topics and their settings come from dev/kafka/topics.json; fixtures from
// dev/kafka/fixtures/<topic>.ndjson. The broker list is KAFKA_BROKERS
// (default localhost:19092, the compose Redpanda/Kafka).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { Kafka, logLevel, CompressionTypes } = require('kafkajs');

const ROOT = path.resolve(__dirname, '..');
const TOPICS_FILE = path.join(ROOT, 'dev', 'kafka', 'topics.json');
const FIXTURE_DIR = path.join(ROOT, 'dev', 'kafka', 'fixtures');
const BROKERS = (process.env.KAFKA_BROKERS || 'localhost:19092').split(',').map((b) => b.trim());
const LOCAL = new Set(['localhost', '127.0.0.1', 'redpanda', 'kafka']);
const BATCH = 500;

function parseArgs(argv) {
  const opts = { recreate: false, only: null, dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--recreate') opts.recreate = true;
    else if (argv[i] === '--only') opts.only = argv[++i];
    else if (argv[i] === '--dry-run') opts.dryRun = true;
    else throw new Error(`unknown option ${argv[i]}`);
  }
  return opts;
}

function brokersAreLocal() {
  return BROKERS.every((b) => LOCAL.has(b.split(':')[0]));
}

function loadTopics(only) {
  const spec = JSON.parse(fs.readFileSync(TOPICS_FILE, 'utf8'));
  const topics = spec.topics.map((t) => ({
    topic: t.name,
    numPartitions: t.partitions || 3,
    replicationFactor: 1,
    configEntries: Object.entries(t.config || {}).map(([name, value]) => ({ name, value: String(value) })),
  }));
  return only ? topics.filter((t) => t.topic === only) : topics;
}

async function waitForBroker(admin, attempts = 20) {
  for (let i = 1; i <= attempts; i++) {
    try {
      await admin.connect();
      await admin.listTopics();
      return;
    } catch (err) {
      if (i === attempts) throw new Error(`no broker at ${BROKERS.join(',')}: ${err.message}`);
      await new Promise((done) => setTimeout(done, 1500));
    }
  }
}

async function recreate(admin, topics) {
  if (!brokersAreLocal()) {
    throw new Error(`--recreate refused: brokers ${BROKERS.join(',')} are not the local compose broker`);
  }
  const existing = new Set(await admin.listTopics());
  const doomed = topics.map((t) => t.topic).filter((t) => existing.has(t));
  if (doomed.length) {
    await admin.deleteTopics({ topics: doomed, timeout: 15000 });
    console.log(`deleted ${doomed.join(', ')}`);
    await new Promise((done) => setTimeout(done, 2000));
  }
}

async function ensureTopics(admin, topics) {
  const created = await admin.createTopics({ topics, waitForLeaders: true, timeout: 15000 });
  console.log(created ? `created ${topics.length} topic(s)` : 'topics already exist');
}

async function* readFixture(topic) {
  const file = path.join(FIXTURE_DIR, `${topic}.ndjson`);
  if (!fs.existsSync(file)) return;
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  let line = 0;
  for await (const raw of rl) {
    line++;
    if (!raw.trim()) continue;
    let record;
    try {
      record = JSON.parse(raw);
    } catch (err) {
      throw new Error(`${path.basename(file)}:${line}: ${err.message}`);
    }
    const { _key: key, _headers: headers, ...value } = record;
    yield { key: key == null ? null : String(key), value: JSON.stringify(value), headers: headers || {} };
  }
}

async function produceTopic(producer, topic, dryRun) {
  let batch = [];
  let total = 0;
  for await (const message of readFixture(topic)) {
    batch.push(message);
    if (batch.length >= BATCH) {
      if (!dryRun) await producer.send({ topic, messages: batch, compression: CompressionTypes.GZIP });
      total += batch.length;
      batch = [];
    }
  }
  if (batch.length) {
    if (!dryRun) await producer.send({ topic, messages: batch, compression: CompressionTypes.GZIP });
    total += batch.length;
  }
  return total;
}

async function offsets(admin, topics) {
  const rows = [];
  for (const { topic } of topics) {
    const parts = await admin.fetchTopicOffsets(topic);
    const total = parts.reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
    rows.push({ topic, partitions: parts.length, messages: total });
  }
  return rows;
}

function validateFixtures(topics) {
  // every fixture file must belong to a declared topic, or it is silently skipped
  if (!fs.existsSync(FIXTURE_DIR)) return [];
  const declared = new Set(topics.map((t) => t.topic));
  return fs
    .readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.ndjson'))
    .map((f) => f.replace(/\.ndjson$/, ''))
    .filter((t) => !declared.has(t));
}

async function describeConfig(admin, topics) {
  // show retention so nobody wonders why fixtures vanished after a day
  const resources = topics.map(({ topic }) => ({ type: 2, name: topic, configNames: ['retention.ms', 'cleanup.policy'] }));
  const { resources: described } = await admin.describeConfigs({ resources, includeSynonyms: false });
  for (const r of described) {
    const entries = Object.fromEntries(r.configEntries.map((e) => [e.configName, e.configValue]));
    const days = Number(entries['retention.ms']) / 86400000;
    console.log(`  ${r.resourceName}: ${entries['cleanup.policy']}, retention ${Number.isFinite(days) ? days.toFixed(1) : '?'} day(s)`);
  }
}

async function main() {
  const opts = parseArgs([...process.argv.slice(2)]);
  const topics = loadTopics(opts.only);
  const unknown = opts.only ? [] : validateFixtures(topics);
  if (unknown.length) console.warn(`fixtures without a topic in topics.json: ${unknown.join(', ')}`);
  if (topics.length === 0) throw new Error('no matching topics in topics.json');
  const kafka = new Kafka({ clientId: 'fixtures-cli', brokers: BROKERS, logLevel: logLevel.WARN });
  const admin = kafka.admin();
  const producer = kafka.producer({ allowAutoTopicCreation: false, idempotent: true });
  await waitForBroker(admin);
  try {
    if (opts.recreate) await recreate(admin, topics);
    await ensureTopics(admin, topics);
    if (!brokersAreLocal()) {
      console.log('brokers are not local: topics ensured, fixtures NOT produced');
      return;
    }
    await producer.connect();
    for (const { topic } of topics) {
      const n = await produceTopic(producer, topic, opts.dryRun);
      console.log(`${opts.dryRun ? 'would produce' : 'produced'} ${n} message(s) to ${topic}`);
    }
    console.table(await offsets(admin, topics));
    await describeConfig(admin, topics);
  } finally {
    await producer.disconnect().catch(() => {});
    await admin.disconnect().catch(() => {});
  }
}

main().catch((err) => {
  console.error(`kafka-fixtures: ${err.message}`);
  process.exitCode = 1;
});

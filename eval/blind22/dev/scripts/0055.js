#!/usr/bin/env node
// scripts/kafka-seed.js - seed / reset the local Kafka used by the e2e suite.
//
//   node scripts/kafka-seed.js seed            create topics + produce fixtures
//   node scripts/kafka-seed.js reset --yes     delete + recreate our topics, reset our groups
//   node scripts/kafka-seed.js peek <topic>    print the last messages
//
// KAFKA_BROKERS must point at localhost; the seeder refuses anything else so
// it can never be aimed at the shared clusters.

'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { Kafka, logLevel } = require('kafkajs');

const ROOT = path.resolve(__dirname, '..');
const TOPICS = JSON.parse(fs.readFileSync(path.join(ROOT, 'e2e', 'kafka', 'topics.json'), 'utf8'));
const FIXTURES = path.join(ROOT, 'e2e', 'kafka', 'fixtures');
const BROKERS = (process.env.KAFKA_BROKERS || 'localhost:9092').split(',').map((s) => s.trim());
const LOCAL = new Set(['localhost', '127.0.0.1', '[::1]']);

function assertLocal(brokers) {
  for (const b of brokers) {
    const host = b.replace(/:\d+$/, '');
    if (!LOCAL.has(host)) {
      throw new Error(`broker ${b} is not local; this script only seeds the dev container`);
    }
  }
}

function kafkaClient() {
  return new Kafka({
    clientId: 'e2e-seeder',
    brokers: BROKERS,
    logLevel: logLevel.WARN,
    retry: { initialRetryTime: 300, retries: 8 },
  });
}

function readFixtures(topic) {
  const dir = path.join(FIXTURES, topic);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const doc = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
      const key = doc._key ?? path.basename(f, '.json');
      delete doc._key;
      const headers = doc._headers ?? {};
      delete doc._headers;
      return { key: String(key), value: JSON.stringify(doc), headers };
    });
}

async function createTopics(admin) {
  const existing = new Set(await admin.listTopics());
  const missing = TOPICS.filter((t) => !existing.has(t.name));
  if (!missing.length) {
    console.log('all topics exist');
    return;
  }
  await admin.createTopics({
    waitForLeaders: true,
    topics: missing.map((t) => ({
      topic: t.name,
      numPartitions: t.partitions ?? 1,
      replicationFactor: 1,
      configEntries: Object.entries(t.config ?? {}).map(([name, value]) => ({ name, value: String(value) })),
    })),
  });
  for (const t of missing) console.log(`created ${t.name}`);
}

async function produceFixtures(producer) {
  let total = 0;
  for (const t of TOPICS) {
    const messages = readFixtures(t.name);
    if (!messages.length) continue;
    await producer.send({ topic: t.name, messages });
    total += messages.length;
    console.log(`  ${t.name}: ${messages.length} message(s)`);
  }
  return total;
}

async function deleteOurTopics(admin) {
  const ours = new Set(TOPICS.map((t) => t.name));
  const existing = (await admin.listTopics()).filter((name) => ours.has(name));
  if (!existing.length) return;
  await admin.deleteTopics({ topics: existing, timeout: 15000 });
  for (const name of existing) console.log(`deleted ${name}`);
  // topic deletion is asynchronous in Kafka; wait until they are really gone
  for (let i = 0; i < 30; i++) {
    const left = (await admin.listTopics()).filter((n) => ours.has(n));
    if (!left.length) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('topics still present after delete');
}

async function resetGroups(admin) {
  const groups = [...new Set(TOPICS.flatMap((t) => t.groups ?? []))];
  const described = await admin.describeGroups(groups);
  for (const g of described.groups) {
    if (g.state !== 'Empty' && g.state !== 'Dead') {
      console.log(`group ${g.groupId} is ${g.state}; stop the e2e consumers first`);
      continue;
    }
    for (const t of TOPICS.filter((x) => (x.groups ?? []).includes(g.groupId))) {
      await admin.resetOffsets({ groupId: g.groupId, topic: t.name, earliest: true });
      console.log(`reset ${g.groupId} on ${t.name}`);
    }
  }
}

async function peek(kafka, topic, count = 5) {
  const admin = kafka.admin();
  await admin.connect();
  const offsets = await admin.fetchTopicOffsets(topic);
  await admin.disconnect();
  const consumer = kafka.consumer({ groupId: `peek-${process.pid}` });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  let seen = 0;
  const total = offsets.reduce((n, p) => n + Number(p.high) - Number(p.low), 0);
  const start = Math.max(0, total - count);
  await new Promise((resolve) => {
    consumer.run({
      eachMessage: async ({ message }) => {
        if (seen++ >= start) console.log(`${message.key}  ${message.value}`);
        if (seen >= total) resolve();
      },
    });
    setTimeout(resolve, 5000);
  });
  await consumer.disconnect();
}

// Produce a summary of the seeded state for the e2e test logs.
async function summary(admin) {
  const names = TOPICS.map((t) => t.name);
  for (const name of names) {
    const offsets = await admin.fetchTopicOffsets(name).catch(() => []);
    const count = offsets.reduce((n, p) => n + Number(p.high) - Number(p.low), 0);
    console.log(`  ${name.padEnd(32)} ${String(count).padStart(6)} message(s)`);
  }
}

async function main() {
  const [cmd, ...rest] = process.argv.slice(2);
  assertLocal(BROKERS);
  const kafka = kafkaClient();
  if (cmd === 'peek') return peek(kafka, rest[0], Number(rest[1]) || 5);

  const admin = kafka.admin();
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await admin.connect();
  await producer.connect();
  try {
    if (cmd === 'seed') {
      await createTopics(admin);
      console.log(`produced ${await produceFixtures(producer)} message(s)`);
    } else if (cmd === 'reset') {
      if (!rest.includes('--yes')) {
        console.log(`would delete and recreate: ${TOPICS.map((t) => t.name).join(', ')}`);
        console.log('pass --yes to do it');
        return;
      }
      await deleteOurTopics(admin);
      await createTopics(admin);
      await produceFixtures(producer);
      await resetGroups(admin);
      await summary(admin);
    } else {
      throw new Error('usage: kafka-seed.js seed | reset --yes | peek <topic> [n]');
    }
  } finally {
    await producer.disconnect();
    await admin.disconnect();
  }
}

main().catch((err) => {
  console.error(`kafka-seed: ${err.message}`);
  process.exit(1);
});

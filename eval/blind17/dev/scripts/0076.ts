#!/usr/bin/env -S npx tsx
/**
 * scripts/kafka-fixtures.ts — reset and replay the Kafka fixtures of the local
 * `orders` event pipeline.
 *
 *   tsx scripts/kafka-fixtures.ts reset     delete + recreate the orders.* topics
 *   tsx scripts/kafka-fixtures.ts replay    produce fixtures/events/*.jsonl
 *   tsx scripts/kafka-fixtures.ts peek <t>  print the last messages of a topic
 *
 * Only brokers on localhost (the compose `kafka` service) are accepted, and only
 * topics with the `orders.` prefix are ever deleted.
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { Kafka, logLevel, type Admin, type Producer } from "kafkajs";

const ROOT = path.resolve(__dirname, "..");
const FIXTURES = path.join(ROOT, "fixtures", "events");
const PREFIX = "orders.";
const LOCAL = new Set(["localhost", "127.0.0.1", "kafka"]);

interface TopicSpec {
  name: string;
  partitions: number;
  compacted?: boolean;
  retentionMs?: number;
}

const TOPICS: TopicSpec[] = [
  { name: "orders.created", partitions: 3 },
  { name: "orders.paid", partitions: 3 },
  { name: "orders.shipped", partitions: 3 },
  { name: "orders.snapshot", partitions: 1, compacted: true },
  { name: "orders.dlq", partitions: 1, retentionMs: 7 * 24 * 3600 * 1000 },
];

function brokers(): string[] {
  const list = (process.env.KAFKA_BROKERS ?? "localhost:9092").split(",").map((b) => b.trim());
  for (const b of list) {
    const host = b.split(":")[0];
    if (!LOCAL.has(host)) {
      throw new Error(`refusing to use broker ${b}: only the local dev broker is allowed`);
    }
  }
  return list;
}

function client(): Kafka {
  return new Kafka({ clientId: "orders-fixtures", brokers: brokers(), logLevel: logLevel.WARN });
}

async function withAdmin<T>(fn: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = client().admin();
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.disconnect();
  }
}

async function withProducer<T>(fn: (p: Producer) => Promise<T>): Promise<T> {
  const producer = client().producer({ allowAutoTopicCreation: false, idempotent: true });
  await producer.connect();
  try {
    return await fn(producer);
  } finally {
    await producer.disconnect();
  }
}

function configEntries(spec: TopicSpec) {
  const entries: { name: string; value: string }[] = [];
  if (spec.compacted) entries.push({ name: "cleanup.policy", value: "compact" });
  if (spec.retentionMs) entries.push({ name: "retention.ms", value: String(spec.retentionMs) });
  return entries;
}

async function waitUntilGone(admin: Admin, names: string[], timeoutMs = 20000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const existing = new Set(await admin.listTopics());
    if (names.every((n) => !existing.has(n))) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`topics still present after ${timeoutMs} ms: ${names.join(", ")}`);
}

async function reset(): Promise<void> {
  await withAdmin(async (admin) => {
    const existing = await admin.listTopics();
    const ours = existing.filter((t) => t.startsWith(PREFIX));
    if (ours.length) {
      console.log(`deleting ${ours.length} local topic(s): ${ours.join(", ")}`);
      await admin.deleteTopics({ topics: ours, timeout: 10000 });
      await waitUntilGone(admin, ours);
    }
    await admin.createTopics({
      waitForLeaders: true,
      topics: TOPICS.map((t) => ({
        topic: t.name,
        numPartitions: t.partitions,
        replicationFactor: 1,
        configEntries: configEntries(t),
      })),
    });
    console.log(`created ${TOPICS.length} topic(s)`);
  });
}

interface FixtureEvent {
  topic: string;
  key: string;
  value: unknown;
  headers?: Record<string, string>;
}

async function readFixtures(): Promise<FixtureEvent[]> {
  const files = (await readdir(FIXTURES)).filter((f) => f.endsWith(".jsonl")).sort();
  const events: FixtureEvent[] = [];
  for (const f of files) {
    const text = await readFile(path.join(FIXTURES, f), "utf8");
    text.split("\n").forEach((line, i) => {
      if (!line.trim()) return;
      try {
        const ev = JSON.parse(line) as FixtureEvent;
        if (!ev.topic.startsWith(PREFIX)) throw new Error(`topic ${ev.topic} outside ${PREFIX}*`);
        events.push(ev);
      } catch (err) {
        throw new Error(`${f}:${i + 1}: ${(err as Error).message}`);
      }
    });
  }
  return events;
}

async function replay(): Promise<void> {
  const events = await readFixtures();
  const byTopic = new Map<string, FixtureEvent[]>();
  for (const ev of events) {
    const list = byTopic.get(ev.topic) ?? [];
    list.push(ev);
    byTopic.set(ev.topic, list);
  }
  await withProducer(async (producer) => {
    for (const [topic, list] of byTopic) {
      for (let i = 0; i < list.length; i += 200) {
        await producer.send({
          topic,
          messages: list.slice(i, i + 200).map((ev) => ({
            key: ev.key,
            value: JSON.stringify(ev.value),
            headers: { source: "fixtures", ...(ev.headers ?? {}) },
          })),
        });
      }
      console.log(`${topic.padEnd(20)} ${list.length} message(s)`);
    }
  });
}

async function peek(topic: string, count = 10): Promise<void> {
  if (!topic.startsWith(PREFIX)) throw new Error(`peek only supports ${PREFIX}* topics`);
  const kafka = client();
  const groupId = `fixtures-peek-${Date.now()}`;
  const consumer = kafka.consumer({ groupId });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const seen: string[] = [];
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 4000);
    void consumer.run({
      eachMessage: async ({ partition, message }) => {
        seen.push(`p${partition} ${message.key?.toString() ?? "-"} ${message.value?.toString() ?? ""}`);
        if (seen.length >= count) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  await consumer.disconnect();
  // the throwaway peek group is ours; remove it so the broker stays tidy
  await withAdmin((admin) => admin.deleteGroups([groupId]).catch(() => []));
  for (const line of seen.slice(-count)) console.log(line);
}

async function main(): Promise<void> {
  const [cmd, arg] = process.argv.slice(2);
  switch (cmd) {
    case "reset":
      return reset();
    case "replay":
      return replay();
    case "seed":
      await reset();
      return replay();
    case "peek":
      if (!arg) throw new Error("peek needs a topic");
      return peek(arg);
    default:
      console.log("usage: kafka-fixtures.ts reset|replay|seed|peek <topic>");
      process.exitCode = 2;
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});

#!/usr/bin/env -S npx tsx
/**
 * tools/kcat-seed.ts
 *
 * Seeds the local Kafka (compose, 127.0.0.1:29092) with the event fixtures
 * the ledger consumers are tested against, including headers and keys, and
 * can replay a single scenario.
 *
 *   kcat-seed.ts all                       every scenario in fixtures/events/
 *   kcat-seed.ts scenario <name>           one scenario directory
 *   kcat-seed.ts verify                    compare topic offsets with the fixture counts
 *
 * Uses kcat as the producer. BROKER must be loopback; topics must already
 * exist (created by the compose init container) and be in ALLOWED_TOPICS.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");
const EVENTS = path.join(REPO, "fixtures", "events");
const BROKER = process.env.BROKER ?? "127.0.0.1:29092";
const ALLOWED_TOPICS = new Set(["ledger.entries.v1", "ledger.accounts.v1", "payments.captured.v2", "fx.rates.v1"]);

interface EventFixture {
  topic: string;
  key?: string;
  headers?: Record<string, string>;
  value: unknown;
  partition?: number;
}

function assertLoopback(): void {
  const host = BROKER.replace(/:\d+$/, "").replace(/^\[|\]$/g, "");
  if (!["127.0.0.1", "localhost", "::1"].includes(host)) throw new Error(`BROKER ${BROKER} is not loopback`);
}

function kcat(args: string[], input?: string): string {
  const res = spawnSync("kcat", ["-b", BROKER, ...args], { input, encoding: "utf8" });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`kcat ${args.join(" ")}: ${String(res.stderr).trim()}`);
  return String(res.stdout ?? "");
}

function metadataTopics(): Map<string, number> {
  const meta = JSON.parse(kcat(["-L", "-J"])) as { topics: Array<{ topic: string; partitions: unknown[] }> };
  return new Map(meta.topics.map((t) => [t.topic, t.partitions.length]));
}

function scenarios(): string[] {
  return fs
    .readdirSync(EVENTS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

function loadScenario(name: string): EventFixture[] {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`bad scenario name ${name}`);
  const dir = path.join(EVENTS, name);
  if (!fs.existsSync(dir)) throw new Error(`no scenario ${name}`);
  const files = fs.readdirSync(dir).filter((name) => name.endsWith(".json")).sort();
  return files.flatMap((f) => {
    const doc = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as EventFixture | EventFixture[];
    return Array.isArray(doc) ? doc : [doc];
  });
}

function produce(events: EventFixture[], topics: Map<string, number>): number {
  const byTopic = new Map<string, EventFixture[]>();
  for (const e of events) {
    if (!ALLOWED_TOPICS.has(e.topic)) throw new Error(`topic ${e.topic} is not allowed for seeding`);
    if (!topics.has(e.topic)) throw new Error(`topic ${e.topic} does not exist; start the compose init container`);
    byTopic.set(e.topic, [...(byTopic.get(e.topic) ?? []), e]);
  }
  let total = 0;
  for (const [topic, list] of byTopic) {
    for (const e of list) {
      const args = ["-P", "-t", topic, "-K", "\t"];
      for (const [k, v] of Object.entries(e.headers ?? {})) args.push("-H", `${k}=${v}`);
      if (e.partition !== undefined) args.push("-p", String(e.partition));
      kcat(args, `${e.key ?? ""}\t${JSON.stringify(e.value)}\n`);
      total++;
    }
    console.log(`  ${topic}: ${list.length} event(s)`);
  }
  return total;
}

/** Sum of the high watermarks over all partitions of a topic. */
function highWatermarks(topic: string, partitions: number): number {
  let sum = 0;
  for (let p = 0; p < partitions; p++) {
    const out = kcat(["-Q", "-t", `${topic}:${p}:-1`]);
    const m = /offset (\d+)/.exec(out);
    sum += m ? Number(m[1]) : 0;
  }
  return sum;
}

function verify(topics: Map<string, number>): number {
  const expected = new Map<string, number>();
  for (const s of scenarios()) for (const e of loadScenario(s)) expected.set(e.topic, (expected.get(e.topic) ?? 0) + 1);
  let bad = 0;
  for (const [topic, want] of expected) {
    const have = topics.has(topic) ? highWatermarks(topic, topics.get(topic)!) : 0;
    const ok = have >= want;
    if (!ok) bad++;
    console.log(`${ok ? "ok  " : "LOW "} ${topic.padEnd(26)} offsets ${have}, fixtures ${want}`);
  }
  return bad;
}

/**
 * Validate every fixture before producing anything: the ledger consumers
 * reject events without an id/occurredAt, and a half-seeded topic makes the
 * tests fail in confusing ways.
 */
function validate(events: EventFixture[], scenario: string): string[] {
  const problems: string[] = [];
  events.forEach((e, i) => {
    const where = `${scenario}[${i}]`;
    if (!e.topic) problems.push(`${where}: missing topic`);
    const v = e.value as Record<string, unknown> | null;
    if (!v || typeof v !== "object") {
      problems.push(`${where}: value must be an object`);
      return;
    }
    if (typeof v.id !== "string") problems.push(`${where}: value.id missing`);
    if (typeof v.occurredAt !== "string" || Number.isNaN(Date.parse(v.occurredAt))) {
      problems.push(`${where}: value.occurredAt must be an ISO timestamp`);
    }
    if (e.headers && Object.keys(e.headers).some((k) => !/^[a-z0-9-]+$/.test(k))) {
      problems.push(`${where}: header names must be lowercase kebab-case`);
    }
  });
  return problems;
}

/** Print the newest event of each allowed topic (debugging aid). */
function peek(topics: Map<string, number>): void {
  for (const topic of ALLOWED_TOPICS) {
    if (!topics.has(topic)) continue;
    const out = kcat(["-C", "-t", topic, "-o", "-1", "-c", "1", "-e", "-q", "-f", "%k %s\\n"]).trim();
    console.log(`${topic.padEnd(26)} ${out || "(empty)"}`);
  }
}

function main(): void {
  assertLoopback();
  if (process.argv[2] === "lint") {
    const problems = scenarios().flatMap((s) => validate(loadScenario(s), s));
    for (const p of problems) console.log(p);
    process.exitCode = problems.length ? 1 : 0;
    return;
  }
  if (process.argv[2] === "peek") return peek(metadataTopics());
  const topics = metadataTopics();
  const [cmd = "all", arg] = process.argv.slice(2);
  if (cmd === "verify") {
    process.exitCode = verify(topics) ? 1 : 0;
    return;
  }
  const names = cmd === "scenario" ? [arg ?? ""] : scenarios();
  // validate everything up front so a bad file never leaves topics half-seeded
  const problems = names.flatMap((n) => validate(loadScenario(n), n));
  if (problems.length) throw new Error(`invalid fixtures:\n  ${problems.join("\n  ")}`);
  let total = 0;
  for (const name of names) {
    console.log(`scenario ${name}`);
    total += produce(loadScenario(name), topics);
  }
  console.log(`produced ${total} event(s) to ${BROKER}`);
}

try {
  main();
} catch (e) {
  console.error(`kcat-seed: ${(e as Error).message}`);
  process.exit(1);
}

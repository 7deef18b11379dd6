#!/usr/bin/env -S npx tsx
/**
 * tools/pulsar-dev.ts
 *
 * Sets up the namespaces and topics the ingestion service expects on the
 * local Pulsar standalone container, and can reset them between test runs.
 *
 *   pulsar-dev.ts setup              create tenant/namespaces/topics (idempotent)
 *   pulsar-dev.ts reset --yes        delete and recreate our topics only
 *   pulsar-dev.ts stats              backlog per topic/subscription
 *
 * Everything goes through pulsar-admin with --admin-url pointing at the local
 * container; the script refuses any admin URL that is not localhost.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const ADMIN_URL = process.env.PULSAR_ADMIN_URL ?? "http://localhost:8080";
const LAYOUT_FILE = path.join(ROOT, "dev", "pulsar", "layout.json");

interface TopicSpec {
  name: string;
  partitions: number;
  subscriptions?: string[];
  retentionMinutes?: number;
}

interface Layout {
  tenant: string;
  namespaces: Record<string, TopicSpec[]>;
}

function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (host !== "localhost" && host !== "127.0.0.1") {
    throw new Error(`PULSAR_ADMIN_URL ${url} is not local; refusing`);
  }
}

function admin(args: string[], allowFail = false): string {
  const res = spawnSync("pulsar-admin", ["--admin-url", ADMIN_URL, ...args], { encoding: "utf8" });
  if (res.error) throw res.error;
  if (res.status !== 0 && !allowFail) {
    throw new Error(`pulsar-admin ${args.slice(0, 2).join(" ")}: ${String(res.stderr).trim().split("\n").pop()}`);
  }
  return String(res.stdout ?? "").trim();
}

function lines(out: string): string[] {
  return out.split("\n").map((l) => l.trim().replace(/^"|"$/g, "")).filter(Boolean);
}

function loadLayout(): Layout {
  const layout = JSON.parse(fs.readFileSync(LAYOUT_FILE, "utf8")) as Layout;
  if (!/^[a-z0-9-]+$/.test(layout.tenant)) throw new Error(`bad tenant ${layout.tenant}`);
  if (layout.tenant === "public" || layout.tenant === "pulsar") {
    throw new Error("use a dedicated tenant for the dev layout, not a built-in one");
  }
  return layout;
}

function topicName(tenant: string, ns: string, t: TopicSpec): string {
  return `persistent://${tenant}/${ns}/${t.name}`;
}

function waitReady(): void {
  for (let i = 0; i < 60; i++) {
    const res = spawnSync("pulsar-admin", ["--admin-url", ADMIN_URL, "brokers", "healthcheck"], { encoding: "utf8" });
    if (res.status === 0) return;
    spawnSync("sleep", ["1"]);
  }
  throw new Error(`pulsar at ${ADMIN_URL} not healthy after 60s`);
}

function setup(layout: Layout): void {
  const tenants = lines(admin(["tenants", "list"]));
  if (!tenants.includes(layout.tenant)) {
    admin(["tenants", "create", layout.tenant, "--allowed-clusters", "standalone"]);
    console.log(`created tenant ${layout.tenant}`);
  }
  const namespaces = lines(admin(["namespaces", "list", layout.tenant]));
  for (const [ns, topics] of Object.entries(layout.namespaces)) {
    const full = `${layout.tenant}/${ns}`;
    if (!namespaces.includes(full)) {
      admin(["namespaces", "create", full]);
      console.log(`created namespace ${full}`);
    }
    const existing = new Set([
      ...lines(admin(["topics", "list", full], true)),
      ...lines(admin(["topics", "list-partitioned-topics", full], true)),
    ]);
    for (const t of topics) {
      const name = topicName(layout.tenant, ns, t);
      if (!existing.has(name)) {
        if (t.partitions > 1) admin(["topics", "create-partitioned-topic", name, "-p", String(t.partitions)]);
        else admin(["topics", "create", name]);
        console.log(`created ${name}`);
      }
      for (const sub of t.subscriptions ?? []) {
        admin(["topics", "create-subscription", name, "-s", sub], true);
      }
      if (t.retentionMinutes) {
        admin(["topicPolicies", "set-retention", name, "--time", `${t.retentionMinutes}m`, "--size", "-1"], true);
      }
    }
  }
}

function reset(layout: Layout, yes: boolean): void {
  const targets: string[] = [];
  for (const [ns, topics] of Object.entries(layout.namespaces)) {
    for (const t of topics) targets.push(topicName(layout.tenant, ns, t));
  }
  if (!yes) {
    console.log("would delete and recreate:");
    for (const t of targets) console.log(`  ${t}`);
    console.log("pass --yes to do it");
    return;
  }
  for (const [ns, topics] of Object.entries(layout.namespaces)) {
    for (const t of topics) {
      const name = topicName(layout.tenant, ns, t);
      const cmd = t.partitions > 1 ? "delete-partitioned-topic" : "delete";
      admin(["topics", cmd, name, "--force"], true);
      console.log(`deleted ${name}`);
    }
  }
  setup(layout);
}

function stats(layout: Layout): void {
  for (const [ns, topics] of Object.entries(layout.namespaces)) {
    for (const t of topics) {
      const name = topicName(layout.tenant, ns, t);
      const cmd = t.partitions > 1 ? "partitioned-stats" : "stats";
      const out = admin(["topics", cmd, name], true);
      if (!out) {
        console.log(`${name}: not found`);
        continue;
      }
      const data = JSON.parse(out) as { subscriptions?: Record<string, { msgBacklog: number }> ; msgInCounter?: number };
      const subs = Object.entries(data.subscriptions ?? {})
        .map(([s, v]) => `${s}=${v.msgBacklog}`)
        .join(" ");
      console.log(`${name.padEnd(60)} in=${data.msgInCounter ?? 0} backlog: ${subs || "-"}`);
    }
  }
}

/** Publish the JSON fixtures in dev/pulsar/fixtures/<topic>/ with pulsar-client. */
function seed(layout: Layout): void {
  const base = path.join(ROOT, "dev", "pulsar", "fixtures");
  for (const [ns, topics] of Object.entries(layout.namespaces)) {
    for (const t of topics) {
      const dir = path.join(base, t.name);
      if (!fs.existsSync(dir)) continue;
      const files = fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
      for (const f of files) {
        const body = JSON.stringify(JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
        const res = spawnSync("pulsar-client", ["--url", "pulsar://localhost:6650", "produce",
          topicName(layout.tenant, ns, t), "-m", body, "-s", "\u0000"], { encoding: "utf8" });
        if (res.status !== 0) throw new Error(`produce ${f} failed: ${String(res.stderr).trim()}`);
      }
      console.log(`seeded ${files.length} message(s) into ${t.name}`);
    }
  }
}

function main(): void {
  const [cmd = "stats", ...rest] = process.argv.slice(2);
  assertLocal(ADMIN_URL);
  waitReady();
  const layout = loadLayout();
  switch (cmd) {
    case "setup":
      setup(layout);
      break;
    case "reset":
      reset(layout, rest.includes("--yes"));
      break;
    case "stats":
      stats(layout);
      break;
    case "seed":
      setup(layout);
      seed(layout);
      break;
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

try {
  main();
} catch (e) {
  console.error(`pulsar-dev: ${(e as Error).message}`);
  process.exit(1);
}

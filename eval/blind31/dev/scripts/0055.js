#!/usr/bin/env node
// shippo-labels.js — buy TEST labels for the sample orders used in the
// warehouse UI demo and store them in build/labels/.
//
//   node scripts/shippo-labels.js                  # test token, all sample orders
//   node scripts/shippo-labels.js --order 1004     # one order
//   node scripts/shippo-labels.js --dry-run        # rates only, buy nothing
//
// SHIPPO_TEST_TOKEN (shippo_test_…) is read from .env. A live token is only
// used with --live, SHIPPO_LIVE_TOKEN set, and ALLOW_LIVE_LABELS=yes in the
// environment; the demo never needs it.

"use strict";

const fs = require("node:fs");
const fsp = require("node:fs/promises");
const path = require("node:path");
const crypto = require("node:crypto");

const ROOT = path.resolve(__dirname, "..");
const ORDERS = path.join(ROOT, "demo", "orders.json");
const OUT = path.join(ROOT, "build", "labels");
const API = "https://api.goshippo.com";
const PREFERRED = ["usps_ground_advantage", "usps_priority", "ups_ground"];

function parseArgs(argv) {
  const opts = { live: false, dryRun: false, order: null };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === "--live") opts.live = true;
    else if (a === "--dry-run") opts.dryRun = true;
    else if (a === "--order") opts.order = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  return opts;
}

function readEnv() {
  const file = path.join(ROOT, ".env");
  const env = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, "utf8").split("\n")) {
      const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
      if (m) env[m[1]] = m[2].replace(/^["']|["']$/g, "");
    }
  }
  return { ...env, ...process.env };
}

const mask = (t) => (t && t.length > 12 ? `${t.slice(0, 12)}…${t.slice(-3)}` : "…");

function pickToken(env, live) {
  if (live) {
    if (env.ALLOW_LIVE_LABELS !== "yes") throw new Error("--live needs ALLOW_LIVE_LABELS=yes");
    if (!env.SHIPPO_LIVE_TOKEN?.startsWith("shippo_live_")) throw new Error("SHIPPO_LIVE_TOKEN missing");
    return env.SHIPPO_LIVE_TOKEN;
  }
  const token = env.SHIPPO_TEST_TOKEN;
  if (!token?.startsWith("shippo_test_")) throw new Error("SHIPPO_TEST_TOKEN missing or not a test token");
  return token;
}

class Shippo {
  constructor(token) {
    this.headers = {
      Authorization: `ShippoToken ${token}`,
      "Content-Type": "application/json",
      "Shippo-API-Version": "2018-02-08",
    };
    this.calls = 0;
  }

  async request(method, route, body) {
    let wait = 1000;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await fetch(`${API}${route}`, {
        method,
        headers: this.headers,
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      this.calls += 1;
      if (res.status === 429 || res.status >= 500) {
        const retryAfter = Number(res.headers.get("retry-after")) * 1000 || wait;
        console.warn(`  ${res.status} on ${route}; retry ${attempt}/5 in ${retryAfter}ms`);
        await new Promise((r) => setTimeout(r, retryAfter));
        wait = Math.min(wait * 2, 20_000);
        continue;
      }
      const data = await res.json();
      if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(data).slice(0, 300)}`);
      return data;
    }
    throw new Error(`${method} ${route}: gave up`);
  }
}

function address(a) {
  return {
    name: a.name,
    street1: a.street1,
    street2: a.street2 ?? "",
    city: a.city,
    state: a.state,
    zip: a.zip,
    country: a.country ?? "US",
    email: a.email ?? "",
    phone: a.phone ?? "",
  };
}

function chooseRate(rates) {
  for (const token of PREFERRED) {
    const hit = rates.find((r) => r.servicelevel?.token === token);
    if (hit) return hit;
  }
  return [...rates].sort((a, b) => Number(a.amount) - Number(b.amount))[0];
}

async function saveLabel(url, dest) {
  const host = new URL(url).hostname;
  if (!host.endsWith(".goshippo.com") && !host.endsWith(".amazonaws.com")) {
    console.warn(`  unexpected label host ${host}; keeping the URL only`);
    return false;
  }
  const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!res.ok) throw new Error(`label download ${res.status}`);
  const buf = Buffer.from(await res.arrayBuffer());
  await fsp.writeFile(`${dest}.part`, buf);
  await fsp.rename(`${dest}.part`, dest);
  return true;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const env = readEnv();
  const token = pickToken(env, opts.live);
  console.log(`Shippo ${opts.live ? "LIVE" : "test"} mode, token ${mask(token)}`);
  const client = new Shippo(token);
  const demo = JSON.parse(await fsp.readFile(ORDERS, "utf8"));
  const orders = demo.orders.filter((o) => !opts.order || String(o.id) === opts.order);
  await fsp.mkdir(OUT, { recursive: true });
  const results = [];
  for (const order of orders) {
    const shipment = await client.request("POST", "/shipments/", {
      address_from: address(demo.warehouse),
      address_to: address(order.ship_to),
      parcels: [{ length: "10", width: "8", height: "4", distance_unit: "in", weight: String(order.weight_lb), mass_unit: "lb" }],
      metadata: `demo-order-${order.id}`,
      async: false,
    });
    const rate = chooseRate(shipment.rates ?? []);
    if (!rate) {
      console.log(`order ${order.id}: no rates`);
      continue;
    }
    console.log(`order ${order.id}: ${rate.provider} ${rate.servicelevel.name} $${rate.amount}`);
    if (opts.dryRun) continue;
    const tx = await client.request("POST", "/transactions/", {
      rate: rate.object_id,
      label_file_type: "PDF_4x6",
      async: false,
      metadata: crypto.createHash("sha1").update(`demo-${order.id}-${rate.object_id}`).digest("hex"),
    });
    if (tx.status !== "SUCCESS") {
      console.log(`  transaction ${tx.status}: ${(tx.messages ?? []).map((m) => m.text).join("; ")}`);
      continue;
    }
    const file = path.join(OUT, `order-${order.id}.pdf`);
    const saved = await saveLabel(tx.label_url, file);
    results.push({ order: order.id, tracking: tx.tracking_number, rate: rate.amount, label: saved ? path.basename(file) : tx.label_url });
  }
  await fsp.writeFile(path.join(OUT, "labels.json"), JSON.stringify(results, null, 2));
  console.log(`${results.length} labels, ${client.calls} API calls`);
}

main().catch((err) => {
  console.error(`shippo-labels: ${err.message}`);
  process.exit(1);
});

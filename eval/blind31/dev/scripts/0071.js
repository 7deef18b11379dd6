#!/usr/bin/env node
// pve-snapshots.js — list every guest's snapshots on the Proxmox cluster and
// flag old ones, for the monthly capacity review (reports/pve/snapshots-*.csv).
//
//   node tools/pve-snapshots.js
//   node tools/pve-snapshots.js --older-than 30 --node pve2
//
// Auth: API token with the PVEAuditor role (read-only), from .env:
//   PVE_URL=https://pve1.lab.internal:8006
//   PVE_TOKEN_ID=inventory@pve!ro
//   PVE_TOKEN_SECRET=…
//   PVE_CA=certs/pve-root-ca.pem      (the cluster's own CA; TLS stays verified)
//
// This script never deletes snapshots. It prints the `qm delsnapshot` lines
// an operator could run after review, nothing more.

import { Agent, fetch } from "undici";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile, rename } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, "reports", "pve");

const { values: opts } = parseArgs({
  options: {
    "older-than": { type: "string", default: "45" },
    node: { type: "string" },
    quiet: { type: "boolean", default: false },
  },
});
const OLDER_THAN_DAYS = Number(opts["older-than"]);

function readEnv() {
  const envFile = path.join(ROOT, ".env");
  const vars = {};
  if (existsSync(envFile)) {
    for (const raw of readFileSync(envFile, "utf8").split("\n")) {
      const line = raw.trim();
      if (!line || line.startsWith("#")) continue;
      const idx = line.indexOf("=");
      vars[line.slice(0, idx)] = line.slice(idx + 1).replace(/^"|"$/g, "");
    }
  }
  return { ...vars, ...process.env };
}

function settings() {
  const env = readEnv();
  for (const key of ["PVE_URL", "PVE_TOKEN_ID", "PVE_TOKEN_SECRET"]) {
    if (!env[key]) throw new Error(`${key} missing from .env`);
  }
  const url = new URL(env.PVE_URL);
  if (!url.hostname.endsWith(".internal")) throw new Error(`${url.hostname}: only *.internal PVE hosts`);
  const ca = env.PVE_CA ? readFileSync(path.resolve(ROOT, env.PVE_CA)) : undefined;
  return {
    base: `${url.origin}/api2/json`,
    auth: `PVEAPIToken=${env.PVE_TOKEN_ID}=${env.PVE_TOKEN_SECRET}`,
    dispatcher: new Agent({ connect: { ca }, connections: 6 }),
    tokenId: env.PVE_TOKEN_ID,
  };
}

function makeGet(cfg) {
  let calls = 0;
  const get = async (route) => {
    let wait = 500;
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const res = await fetch(cfg.base + route, {
        headers: { Authorization: cfg.auth },
        dispatcher: cfg.dispatcher,
        signal: AbortSignal.timeout(20_000),
      }).catch((err) => ({ ok: false, status: 0, err }));
      calls += 1;
      if (res.ok) return (await res.json()).data;
      if (res.status && res.status < 500) throw new Error(`GET ${route}: ${res.status}`);
      if (attempt === 4) throw new Error(`GET ${route}: ${res.err?.message ?? res.status}`);
      await new Promise((r) => setTimeout(r, wait));
      wait *= 2;
    }
    return null;
  };
  get.count = () => calls;
  return get;
}

function ageDays(epochSeconds) {
  return Math.floor((Date.now() / 1000 - epochSeconds) / 86400);
}

async function guestSnapshots(get, guest) {
  const kind = guest.type === "lxc" ? "lxc" : "qemu";
  const snaps = await get(`/nodes/${guest.node}/${kind}/${guest.vmid}/snapshot`);
  return snaps
    .filter((s) => s.name !== "current")
    .map((s) => ({
      vmid: guest.vmid,
      guest: guest.name,
      node: guest.node,
      kind,
      snapshot: s.name,
      created: s.snaptime ? new Date(s.snaptime * 1000).toISOString().slice(0, 10) : "",
      age: s.snaptime ? ageDays(s.snaptime) : null,
      vmstate: s.vmstate ? "yes" : "no",
      description: (s.description ?? "").replace(/\s+/g, " ").slice(0, 80),
    }));
}

function csv(rows) {
  const header = ["vmid", "guest", "node", "kind", "snapshot", "created", "age", "vmstate", "description"];
  const quote = (v) => (/[",\n]/.test(String(v ?? "")) ? `"${String(v).replace(/"/g, '""')}"` : String(v ?? ""));
  return [header.join(","), ...rows.map((r) => header.map((h) => quote(r[h])).join(","))].join("\n") + "\n";
}

function perNodeSummary(rows) {
  // snapshot count and the oldest snapshot per node, for the review table
  const byNode = new Map();
  for (const r of rows) {
    const entry = byNode.get(r.node) ?? { node: r.node, snapshots: 0, withRam: 0, oldest: null };
    entry.snapshots += 1;
    if (r.vmstate === "yes") entry.withRam += 1;
    if (r.age !== null && (entry.oldest === null || r.age > entry.oldest.age)) entry.oldest = r;
    byNode.set(r.node, entry);
  }
  return [...byNode.values()].sort((a, b) => a.node.localeCompare(b.node));
}

function printSummary(rows) {
  const summary = perNodeSummary(rows);
  if (!summary.length) return;
  console.log("\nnode        snaps  with-RAM  oldest");
  for (const s of summary) {
    const oldest = s.oldest ? `${s.oldest.vmid}/${s.oldest.snapshot} (${s.oldest.age}d)` : "-";
    console.log(`${s.node.padEnd(11)} ${String(s.snapshots).padStart(5)}  ${String(s.withRam).padStart(8)}  ${oldest}`);
  }
}

async function main() {
  const cfg = settings();
  const get = makeGet(cfg);
  if (!opts.quiet) console.error(`PVE ${cfg.base} as ${cfg.tokenId}`);
  const guests = (await get("/cluster/resources?type=vm")).filter((g) => !g.template && (!opts.node || g.node === opts.node));
  const rows = [];
  const queue = [...guests];
  const workers = Array.from({ length: 4 }, async () => {
    while (queue.length) {
      const guest = queue.shift();
      try {
        rows.push(...(await guestSnapshots(get, guest)));
      } catch (err) {
        console.error(`  ${guest.vmid}: ${err.message}`);
      }
    }
  });
  await Promise.all(workers);
  rows.sort((a, b) => a.vmid - b.vmid || (a.created < b.created ? -1 : 1));

  await mkdir(OUT, { recursive: true });
  const file = path.join(OUT, `snapshots-${new Date().toISOString().slice(0, 10)}.csv`);
  await writeFile(`${file}.tmp`, csv(rows));
  await rename(`${file}.tmp`, file);

  printSummary(rows);
  const old = rows.filter((r) => r.age !== null && r.age > OLDER_THAN_DAYS);
  console.log(`${guests.length} guests, ${rows.length} snapshots, ${old.length} older than ${OLDER_THAN_DAYS} days`);
  if (old.length) {
    console.log("\nfor review (not executed):");
    for (const r of old) {
      const cmd = r.kind === "lxc" ? "pct delsnapshot" : "qm delsnapshot";
      console.log(`  # ${r.guest} on ${r.node}, ${r.age}d\n  ${cmd} ${r.vmid} ${r.snapshot}`);
    }
  }
  console.error(`wrote ${path.relative(ROOT, file)} (${get.count()} API calls)`);
  await cfg.dispatcher.close();
}

main().catch((err) => {
  console.error(`pve-snapshots: ${err.message}`);
  process.exitCode = 1;
});

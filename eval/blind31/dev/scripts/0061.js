#!/usr/bin/env node
// arr-queue.js — queue / disk / health overview for the Sonarr and Radarr
// instances of the home-media test stack (docker compose, localhost).
//
//   node tools/arr-queue.js                          # print overview, write reports/arr/
//   node tools/arr-queue.js --remove-failed          # dry run: list failed queue items
//   node tools/arr-queue.js --remove-failed --apply  # remove them from the queue
//
// "Remove" here is the API's queue removal with removeFromClient=false and
// blocklist=false: the download client keeps its files, nothing on disk is
// deleted, and the release is not blocklisted. Only instances on localhost /
// the compose network are accepted.

"use strict";

const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "reports", "arr");
const ALLOWED_HOSTS = new Set(["localhost", "127.0.0.1", "sonarr", "radarr"]);

const argv = new Set(process.argv.slice(2));
const REMOVE_FAILED = argv.has("--remove-failed");
const APPLY = argv.has("--apply");

function readDotenv() {
  const file = path.join(ROOT, ".env");
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, "utf8").split(/\r?\n/)) {
    if (!line || line.trimStart().startsWith("#")) continue;
    const [k, ...rest] = line.split("=");
    out[k.trim()] = rest.join("=").trim().replace(/^['"]|['"]$/g, "");
  }
  return out;
}

function instances() {
  const env = { ...readDotenv(), ...process.env };
  const defs = [
    { name: "sonarr", url: env.SONARR_URL ?? "http://localhost:8989", key: env.SONARR_API_KEY, api: "v3" },
    { name: "radarr", url: env.RADARR_URL ?? "http://localhost:7878", key: env.RADARR_API_KEY, api: "v3" },
  ];
  return defs.filter((d) => {
    if (!d.key) {
      console.error(`${d.name}: no API key in .env, skipping`);
      return false;
    }
    const host = new URL(d.url).hostname;
    if (!ALLOWED_HOSTS.has(host)) {
      console.error(`${d.name}: ${host} is not a local instance, skipping`);
      return false;
    }
    return true;
  });
}

async function call(inst, route, { method = "GET", query } = {}) {
  const url = new URL(`/api/${inst.api}${route}`, inst.url);
  if (query) for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  let backoff = 400;
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    let res;
    try {
      res = await fetch(url, { method, headers: { "X-Api-Key": inst.key }, signal: AbortSignal.timeout(15000) });
    } catch (err) {
      if (attempt === 4) throw new Error(`${inst.name} ${route}: ${err.message}`);
      await new Promise((r) => setTimeout(r, backoff));
      backoff *= 2;
      continue;
    }
    if (res.status >= 500 && attempt < 4) {
      await new Promise((r) => setTimeout(r, backoff));
      backoff *= 2;
      continue;
    }
    if (!res.ok) throw new Error(`${inst.name} ${method} ${route}: ${res.status}`);
    return res.status === 200 ? res.json() : null;
  }
  return null;
}

const gb = (bytes) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

async function overview(inst) {
  const [status, queue, disks, health] = await Promise.all([
    call(inst, "/system/status"),
    call(inst, "/queue", { query: { pageSize: 250, includeUnknownSeriesItems: true } }),
    call(inst, "/diskspace"),
    call(inst, "/health"),
  ]);
  const records = queue.records ?? [];
  const byState = records.reduce((acc, r) => {
    const key = r.trackedDownloadState ?? r.status ?? "unknown";
    acc[key] = (acc[key] ?? 0) + 1;
    return acc;
  }, {});
  const failed = records.filter(
    (r) => r.trackedDownloadState === "failedPending" || r.status === "failed" || r.trackedDownloadStatus === "error",
  );
  return {
    name: inst.name,
    version: status.version,
    queue: { total: records.length, byState },
    failed: failed.map((r) => ({ id: r.id, title: r.title, message: r.errorMessage ?? r.statusMessages?.[0]?.title ?? "" })),
    disks: disks.map((d) => ({ path: d.path, free: gb(d.freeSpace), total: gb(d.totalSpace), pctFree: Math.round((d.freeSpace / d.totalSpace) * 100) })),
    health: health.map((h) => `${h.type}: ${h.message}`),
  };
}

async function removeFailed(inst, failed) {
  for (const item of failed) {
    if (!APPLY) {
      console.log(`  would remove queue item ${item.id} "${item.title}"`);
      continue;
    }
    await call(inst, `/queue/${item.id}`, {
      method: "DELETE",
      query: { removeFromClient: false, blocklist: false },
    });
    console.log(`  removed queue item ${item.id} "${item.title}"`);
  }
  if (!APPLY && failed.length) console.log("  (dry run; add --apply to remove them from the queue)");
}

async function recentFailures(inst, days = 7) {
  // failed grabs/imports from history, to see whether failures cluster on one indexer
  const since = new Date(Date.now() - days * 86_400_000).toISOString();
  const history = await call(inst, "/history/since", { query: { date: since, eventType: "downloadFailed" } }).catch(() => []);
  const byIndexer = {};
  for (const h of history ?? []) {
    const indexer = h.data?.indexer || "unknown";
    byIndexer[indexer] = (byIndexer[indexer] ?? 0) + 1;
  }
  return Object.entries(byIndexer).sort((a, b) => b[1] - a[1]);
}

function lowDisk(o, thresholdPct = 10) {
  return o.disks.filter((d) => d.pctFree < thresholdPct).map((d) => `${o.name}: ${d.path} at ${d.pctFree}% free`);
}

function print(o) {
  console.log(`\n${o.name} ${o.version}`);
  console.log(`  queue: ${o.queue.total} (${Object.entries(o.queue.byState).map(([k, v]) => `${k} ${v}`).join(", ") || "empty"})`);
  for (const d of o.disks) console.log(`  disk ${d.path}: ${d.free} free of ${d.total} (${d.pctFree}%)`);
  for (const h of o.health) console.log(`  health ${h}`);
  for (const f of o.failed) console.log(`  FAILED #${f.id} ${f.title} — ${f.message}`);
}

async function main() {
  const list = instances();
  if (!list.length) {
    console.error("no instances configured");
    process.exitCode = 2;
    return;
  }
  const results = [];
  for (const inst of list) {
    try {
      const o = await overview(inst);
      print(o);
      if (REMOVE_FAILED) await removeFailed(inst, o.failed);
      o.failuresByIndexer = await recentFailures(inst);
      for (const [indexer, n] of o.failuresByIndexer) console.log(`  failed downloads (7d) via ${indexer}: ${n}`);
      for (const warning of lowDisk(o)) console.warn(`  LOW DISK ${warning}`);
      results.push(o);
    } catch (err) {
      console.error(`${inst.name}: ${err.message}`);
      process.exitCode = 1;
    }
  }
  fs.mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, `queue-${new Date().toISOString().slice(0, 10)}.json`);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(results, null, 2));
  fs.renameSync(`${file}.tmp`, file);
  console.log(`\nwrote ${path.relative(ROOT, file)}`);
}

main();

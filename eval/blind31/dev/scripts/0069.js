#!/usr/bin/env node
// ceph-dash-summary.js — cluster summary from the Ceph Dashboard REST API,
// for the storage team's weekly status page.
//
//   node tools/ceph-dash-summary.js              # markdown to reports/ceph/weekly-<date>.md
//   node tools/ceph-dash-summary.js --stdout
//
// CEPH_DASH_URL (https://ceph-mgr.storage.internal:8443), CEPH_DASH_USER and
// CEPH_DASH_PASSWORD come from .env; the account has the read-only role.
// The dashboard uses an internal CA: CEPH_DASH_CA points at its PEM, which we
// pass to the HTTPS agent instead of turning verification off.
// Only /api/auth (login) is a POST; every other call is a GET.
// (Logout at the end is a POST too; it only invalidates our own session.)
//
// Also maintained: reports/ceph/usage-history.tsv (date, raw used, raw total),
// one line per day, from which the page estimates the days until 85% raw.
//
// Exit codes: 0 ok, 1 login/API failure.

"use strict";

const fs = require("node:fs");
const https = require("node:https");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const OUT_DIR = path.join(ROOT, "reports", "ceph");
const ACCEPT = "application/vnd.ceph.api.v1.0+json";

function loadEnv() {
  const file = path.join(ROOT, ".env");
  const env = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, "utf8").split("\n")) {
      const i = line.indexOf("=");
      if (i > 0 && !line.startsWith("#")) env[line.slice(0, i).trim()] = line.slice(i + 1).trim().replace(/^"|"$/g, "");
    }
  }
  return { ...env, ...process.env };
}

function settings() {
  const env = loadEnv();
  const base = env.CEPH_DASH_URL;
  if (!base || !env.CEPH_DASH_USER || !env.CEPH_DASH_PASSWORD) {
    throw new Error("CEPH_DASH_URL, CEPH_DASH_USER and CEPH_DASH_PASSWORD are required");
  }
  const host = new URL(base).hostname;
  if (!host.endsWith(".internal") && host !== "localhost") {
    throw new Error(`${host} is not an internal host; refusing to send credentials`);
  }
  const ca = env.CEPH_DASH_CA ? fs.readFileSync(env.CEPH_DASH_CA) : undefined;
  return { base: base.replace(/\/$/, ""), user: env.CEPH_DASH_USER, password: env.CEPH_DASH_PASSWORD, ca };
}

function request(cfg, method, route, { token, body } = {}) {
  const url = new URL(cfg.base + route);
  const payload = body ? JSON.stringify(body) : null;
  const headers = { Accept: ACCEPT };
  if (payload) {
    headers["Content-Type"] = "application/json";
    headers["Content-Length"] = Buffer.byteLength(payload);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method, headers, ca: cfg.ca, timeout: 20_000 }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        if (res.statusCode >= 400) return reject(new Error(`${method} ${route}: ${res.statusCode} ${text.slice(0, 200)}`));
        try {
          resolve(text ? JSON.parse(text) : null);
        } catch (err) {
          reject(new Error(`${route}: bad JSON (${err.message})`));
        }
      });
    });
    req.on("timeout", () => req.destroy(new Error(`${route}: timeout`)));
    req.on("error", reject);
    if (payload) req.write(payload);
    req.end();
  });
}

async function withRetry(fn, attempts = 4) {
  let delay = 750;
  for (let i = 1; ; i += 1) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || /: 4\d\d /.test(err.message)) throw err;
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }
}

const tib = (b) => `${(b / 1024 ** 4).toFixed(2)} TiB`;
const pct = (x) => `${(x * 100).toFixed(1)}%`;

function render(health, pools, osds, df) {
  const lines = [];
  const date = new Date().toISOString().slice(0, 10);
  lines.push(`# Ceph weekly status — ${date}`, "");
  lines.push(`**Health:** ${health.health.status}`, "");
  for (const check of health.health.checks ?? []) {
    lines.push(`- ${check.severity} \`${check.type}\`: ${check.summary?.message ?? ""}`);
  }
  lines.push("", "## Capacity", "");
  lines.push(`Raw: ${tib(df.stats.total_used_raw_bytes)} used of ${tib(df.stats.total_bytes)} (${pct(df.stats.total_used_raw_ratio)})`, "");
  lines.push("| pool | type | size | pgs | stored | used |", "|---|---|---:|---:|---:|---:|");
  for (const p of pools) {
    const stats = df.pools.find((x) => x.name === p.pool_name)?.stats ?? {};
    lines.push(`| ${p.pool_name} | ${p.type} | ${p.size} | ${p.pg_num} | ${tib(stats.stored ?? 0)} | ${pct(stats.percent_used ?? 0)} |`);
  }
  const down = osds.filter((o) => !o.up);
  const out = osds.filter((o) => !o.in);
  lines.push("", "## OSDs", "");
  lines.push(`${osds.length} OSDs, ${down.length} down, ${out.length} out`, "");
  for (const o of [...down, ...out]) lines.push(`- osd.${o.osd} on ${o.host?.name ?? "?"}: ${o.up ? "up" : "down"}/${o.in ? "in" : "out"}`);
  const fullest = [...osds].sort((a, b) => (b.stats?.usage ?? 0) - (a.stats?.usage ?? 0)).slice(0, 5);
  lines.push("", "Fullest OSDs:", "");
  for (const o of fullest) lines.push(`- osd.${o.osd}: ${pct(o.stats?.usage ?? 0)}`);
  return lines.join("\n") + "\n";
}

function trendLine(df) {
  // append raw usage to a TSV so the weekly page can show growth over time
  const file = path.join(OUT_DIR, "usage-history.tsv");
  const line = [new Date().toISOString().slice(0, 10), df.stats.total_used_raw_bytes, df.stats.total_bytes].join("\t");
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const existing = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n") : ["date\tused\ttotal"];
  const today = line.split("\t")[0];
  const kept = existing.filter((l) => !l.startsWith(today));
  kept.push(line);
  fs.writeFileSync(file, kept.join("\n") + "\n");
  const rows = kept.slice(1).map((l) => l.split("\t").map((v, i) => (i ? Number(v) : v)));
  if (rows.length < 2) return null;
  const [firstDate, firstUsed] = rows[0];
  const [lastDate, lastUsed, total] = rows[rows.length - 1];
  const days = (new Date(lastDate) - new Date(firstDate)) / 86_400_000 || 1;
  const perDay = (lastUsed - firstUsed) / days;
  const daysLeft = perDay > 0 ? Math.floor((total * 0.85 - lastUsed) / perDay) : null;
  return { perDayGiB: perDay / 1024 ** 3, daysToNearFull: daysLeft };
}

async function main() {
  const cfg = settings();
  const auth = await withRetry(() => request(cfg, "POST", "/api/auth", { body: { username: cfg.user, password: cfg.password } }));
  const token = auth.token;
  console.error(`logged in to ${cfg.base} as ${cfg.user} (token …${token.slice(-4)})`);
  const get = (route) => withRetry(() => request(cfg, "GET", route, { token }));
  const [health, pools, osds, df] = await Promise.all([
    get("/api/health/minimal"),
    get("/api/pool?stats=false"),
    get("/api/osd"),
    get("/api/health/full").then((h) => h.df),
  ]);
  let md = render(health, pools, osds, df);
  const trend = trendLine(df);
  if (trend) {
    md += `\nGrowth: ${trend.perDayGiB.toFixed(1)} GiB/day`;
    md += trend.daysToNearFull !== null ? `, about ${trend.daysToNearFull} days until 85% raw.\n` : ".\n";
  }
  if (process.argv.includes("--stdout")) {
    process.stdout.write(md);
  } else {
    fs.mkdirSync(OUT_DIR, { recursive: true });
    const file = path.join(OUT_DIR, `weekly-${new Date().toISOString().slice(0, 10)}.md`);
    fs.writeFileSync(`${file}.tmp`, md);
    fs.renameSync(`${file}.tmp`, file);
    console.error(`wrote ${path.relative(ROOT, file)}`);
  }
  await request(cfg, "POST", "/api/auth/logout", { token }).catch(() => {});
}

main().catch((err) => {
  console.error(`ceph-dash-summary: ${err.message}`);
  process.exitCode = 1;
});

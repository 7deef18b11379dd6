#!/usr/bin/env node
// DNS filter statistics for the home-lab dashboard.
//
// Pulls query statistics from the Pi-hole (pihole.internal) and AdGuard Home
// (adguard.internal) instances on the lab network, normalises them into one
// JSON document and writes dashboard/data/dns.json, which the static dashboard
// page renders.  Read-only endpoints only:
//   Pi-hole v6:     POST /api/auth (session), GET /api/stats/summary, /api/stats/top_domains
//   AdGuard Home:   GET /control/stats, /control/status (HTTP basic auth)
// Credentials are read from .env; they are sent only to the instance they
// belong to.  Each source is optional: a failing source is reported and the
// others are still written.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const https = require('node:https');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'dashboard', 'data', 'dns.json');
const CA_FILE = path.join(ROOT, 'certs', 'lab-ca.pem');

function env() {
  const out = { ...process.env };
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = line.match(/^([A-Z0-9_]+)=(.*)$/);
    if (m && out[m[1]] === undefined) out[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
  }
  return out;
}

// The lab services use certificates from our own CA; trust it for these
// requests only instead of disabling verification.
const agent = fs.existsSync(CA_FILE)
  ? new https.Agent({ ca: fs.readFileSync(CA_FILE), keepAlive: true })
  : undefined;

function request(url, { method = 'GET', headers = {}, body } = {}) {
  const { hostname } = new URL(url);
  if (!hostname.endsWith('.internal')) {
    return Promise.reject(new Error(`${hostname} is not a lab host`));
  }
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method, headers, agent, timeout: 10000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode >= 400) {
          reject(new Error(`${method} ${url} -> ${res.statusCode}`));
          return;
        }
        try {
          resolve(text ? JSON.parse(text) : {});
        } catch (err) {
          reject(new Error(`${url}: invalid JSON (${err.message})`));
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: timeout`)));
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

async function piholeStats(cfg) {
  const base = cfg.PIHOLE_URL || 'https://pihole.internal';
  const auth = await request(`${base}/api/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: cfg.PIHOLE_PASSWORD || '' }),
  });
  const sid = auth.session && auth.session.sid;
  if (!sid) throw new Error('pihole: no session id');
  const headers = { 'X-FTL-SID': sid };
  try {
    const summary = await request(`${base}/api/stats/summary`, { headers });
    const top = await request(`${base}/api/stats/top_domains?blocked=true&count=10`, { headers });
    return {
      source: 'pihole',
      queries: summary.queries.total,
      blocked: summary.queries.blocked,
      percentBlocked: Number(summary.queries.percent_blocked.toFixed(2)),
      clients: summary.clients.active,
      topBlocked: (top.domains || []).map((d) => ({ domain: d.domain, count: d.count })),
    };
  } finally {
    // end the API session again; Pi-hole limits concurrent sessions
    await request(`${base}/api/auth`, { method: 'DELETE', headers }).catch(() => {});
  }
}

async function adguardStats(cfg) {
  const base = cfg.ADGUARD_URL || 'https://adguard.internal';
  const basic = Buffer.from(`${cfg.ADGUARD_USER || 'admin'}:${cfg.ADGUARD_PASSWORD || ''}`).toString('base64');
  const headers = { Authorization: `Basic ${basic}` };
  const [stats, status] = await Promise.all([
    request(`${base}/control/stats`, { headers }),
    request(`${base}/control/status`, { headers }),
  ]);
  const topBlocked = (stats.top_blocked_domains || []).slice(0, 10).map((entry) => {
    const [domain, count] = Object.entries(entry)[0];
    return { domain, count };
  });
  return {
    source: 'adguard',
    queries: stats.num_dns_queries,
    blocked: stats.num_blocked_filtering,
    percentBlocked: stats.num_dns_queries
      ? Number(((stats.num_blocked_filtering / stats.num_dns_queries) * 100).toFixed(2)) : 0,
    protectionEnabled: status.protection_enabled,
    version: status.version,
    topBlocked,
  };
}

function merge(results) {
  const ok = results.filter((r) => r.ok).map((r) => r.value);
  const domains = new Map();
  for (const r of ok) {
    for (const { domain, count } of r.topBlocked) domains.set(domain, (domains.get(domain) || 0) + count);
  }
  return {
    generated: new Date().toISOString(),
    sources: ok,
    errors: results.filter((r) => !r.ok).map((r) => ({ source: r.source, error: r.error })),
    totals: {
      queries: ok.reduce((s, r) => s + (r.queries || 0), 0),
      blocked: ok.reduce((s, r) => s + (r.blocked || 0), 0),
    },
    topBlocked: [...domains].sort((a, b) => b[1] - a[1]).slice(0, 15)
      .map(([domain, count]) => ({ domain, count })),
  };
}

// Keep a rolling history (last 48 snapshots) for the sparkline on the page.
function appendHistory(doc) {
  const file = path.join(path.dirname(OUT), 'dns-history.json');
  let history = [];
  try {
    history = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    history = [];
  }
  history.push({
    at: doc.generated,
    queries: doc.totals.queries,
    blocked: doc.totals.blocked,
  });
  history = history.slice(-48);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(history));
  fs.renameSync(`${file}.tmp`, file);
  return history.length;
}

function checkProtection(doc) {
  const warnings = [];
  for (const s of doc.sources) {
    if (s.source === 'adguard' && s.protectionEnabled === false) {
      warnings.push('AdGuard Home protection is switched off');
    }
    if (s.queries > 0 && s.percentBlocked === 0) {
      warnings.push(`${s.source}: nothing blocked - are the block lists loaded?`);
    }
  }
  return warnings;
}

async function main() {
  const cfg = env();
  const sources = [['pihole', piholeStats], ['adguard', adguardStats]];
  const results = await Promise.all(sources.map(async ([source, fn]) => {
    try {
      return { source, ok: true, value: await fn(cfg) };
    } catch (err) {
      return { source, ok: false, error: err.message };
    }
  }));
  const doc = merge(results);
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(`${OUT}.tmp`, JSON.stringify(doc, null, 2));
  fs.renameSync(`${OUT}.tmp`, OUT);
  for (const e of doc.errors) console.error(`warning: ${e.source}: ${e.error}`);
  for (const w of checkProtection(doc)) console.error(`warning: ${w}`);
  appendHistory(doc);
  console.log(`queries ${doc.totals.queries}, blocked ${doc.totals.blocked} ` +
    `from ${doc.sources.length} source(s) -> ${path.relative(ROOT, OUT)}`);
  if (!doc.sources.length) process.exitCode = 1;
}

main();

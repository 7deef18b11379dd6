#!/usr/bin/env node
// Tailnet hygiene report via the Tailscale API (api.tailscale.com).
//
// Lists devices of the tailnet, flags ones that have not been seen for N days,
// keys that expire soon, devices with key expiry disabled, outdated client
// versions and devices advertising exit nodes or subnet routes that are not
// approved.  Writes reports/tailnet.md and reports/tailnet.json.
//
// Read-only: GET /api/v2/tailnet/{tailnet}/devices and GET /api/v2/device/{id}/routes.
// The API key (TS_API_KEY, from .env) goes in the Authorization header to
// api.tailscale.com only.  With --delete-stale the script prints the device ids
// it *would* remove; actual removal is left to an admin in the console.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const API = 'https://api.tailscale.com/api/v2';
const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'reports');

function config() {
  const env = { ...process.env };
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = /^\s*(TS_[A-Z_]+)\s*=\s*"?([^"]*)"?\s*$/.exec(line);
      if (m && env[m[1]] === undefined) env[m[1]] = m[2];
    }
  }
  if (!env.TS_API_KEY) throw new Error('TS_API_KEY missing (.env)');
  return {
    key: env.TS_API_KEY,
    tailnet: env.TS_TAILNET || '-',
    staleDays: Number(env.TS_STALE_DAYS || 30),
    expiryWarnDays: Number(env.TS_EXPIRY_WARN_DAYS || 14),
    minVersion: env.TS_MIN_VERSION || '1.60.0',
  };
}

const masked = (key) => `${key.slice(0, 8)}…${key.slice(-4)}`;

async function api(cfg, pathname) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await fetch(`${API}${pathname}`, {
      headers: { Authorization: `Bearer ${cfg.key}`, Accept: 'application/json' },
    });
    if (res.status === 429) {
      const wait = Number(res.headers.get('retry-after') || 2 ** attempt);
      await new Promise((r) => setTimeout(r, wait * 1000));
      continue;
    }
    if (!res.ok) throw new Error(`GET ${pathname}: ${res.status} ${await res.text()}`);
    return res.json();
  }
  throw new Error(`GET ${pathname}: rate limited`);
}

function compareVersions(a, b) {
  const pa = a.split('-')[0].split('.').map(Number);
  const pb = b.split('-')[0].split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] || 0) - (pb[i] || 0);
    if (d) return d;
  }
  return 0;
}

const daysSince = (iso) => (Date.now() - Date.parse(iso)) / 86400000;
const daysUntil = (iso) => (Date.parse(iso) - Date.now()) / 86400000;

function assess(device, routes, cfg) {
  const findings = [];
  if (device.lastSeen && daysSince(device.lastSeen) > cfg.staleDays) {
    findings.push({ kind: 'stale', text: `not seen for ${Math.floor(daysSince(device.lastSeen))} days` });
  }
  if (device.keyExpiryDisabled) {
    findings.push({ kind: 'no-expiry', text: 'key expiry disabled' });
  } else if (device.expires && daysUntil(device.expires) < cfg.expiryWarnDays) {
    findings.push({ kind: 'expiring', text: `key expires in ${Math.max(0, Math.floor(daysUntil(device.expires)))} days` });
  }
  if (device.clientVersion && compareVersions(device.clientVersion, cfg.minVersion) < 0) {
    findings.push({ kind: 'outdated', text: `client ${device.clientVersion.split('-')[0]} < ${cfg.minVersion}` });
  }
  if (device.updateAvailable) findings.push({ kind: 'update', text: 'update available' });
  const advertised = new Set(routes.advertisedRoutes || []);
  const enabled = new Set(routes.enabledRoutes || []);
  for (const r of advertised) {
    if (!enabled.has(r)) {
      const what = r === '0.0.0.0/0' || r === '::/0' ? 'exit node' : `route ${r}`;
      findings.push({ kind: 'unapproved-route', text: `advertises ${what} (not approved)` });
    }
  }
  return findings;
}

function markdown(report) {
  const lines = [`# Tailnet report (${report.generated.slice(0, 10)})`, '',
    `${report.devices.length} devices, ${report.devices.filter((d) => d.findings.length).length} with findings`, '',
    '| device | user | os | last seen | findings |', '|---|---|---|---|---|'];
  for (const d of report.devices) {
    lines.push(`| ${d.name} | ${d.user} | ${d.os} | ${d.lastSeen ? d.lastSeen.slice(0, 10) : '-'} | ` +
      `${d.findings.map((f) => f.text).join('; ') || 'ok'} |`);
  }
  return lines.join('\n') + '\n';
}

// ACL tag owners are checked too: a tag without an owner cannot be applied by
// anyone, and devices carrying it usually are leftovers from old experiments.
async function aclTagReport(cfg, rows) {
  let acl;
  try {
    acl = await api(cfg, `/tailnet/${encodeURIComponent(cfg.tailnet)}/acl`);
  } catch (err) {
    return [`could not read ACL: ${err.message}`];
  }
  const owners = acl.tagOwners || {};
  const notes = [];
  const used = new Map();
  for (const r of rows) {
    for (const tag of r.tags) used.set(tag, (used.get(tag) || 0) + 1);
  }
  for (const [tag, count] of used) {
    if (!owners[tag] || owners[tag].length === 0) {
      notes.push(`${tag} is used by ${count} device(s) but has no tag owner`);
    }
  }
  for (const tag of Object.keys(owners)) {
    if (!used.has(tag)) notes.push(`${tag} is defined but unused`);
  }
  return notes;
}

function writeCsv(rows) {
  const header = 'id,name,user,os,last_seen,findings';
  const esc = (v) => `"${String(v ?? '').replace(/"/g, '""')}"`;
  const lines = rows.map((r) => [r.id, r.name, r.user, r.os, r.lastSeen,
    r.findings.map((f) => f.kind).join(' ')].map(esc).join(','));
  fs.writeFileSync(path.join(OUT, 'tailnet.csv'), [header, ...lines].join('\n') + '\n');
}

async function main() {
  const cfg = config();
  const listStale = process.argv.includes('--delete-stale');
  console.error(`tailnet ${cfg.tailnet}, key ${masked(cfg.key)}`);
  const { devices } = await api(cfg, `/tailnet/${encodeURIComponent(cfg.tailnet)}/devices?fields=all`);
  const rows = [];
  for (const device of devices) {
    const routes = await api(cfg, `/device/${device.id}/routes`).catch(() => ({}));
    rows.push({
      id: device.id,
      name: device.hostname || device.name,
      user: device.user,
      os: device.os,
      lastSeen: device.lastSeen,
      tags: device.tags || [],
      findings: assess(device, routes, cfg),
    });
  }
  rows.sort((a, b) => b.findings.length - a.findings.length || a.name.localeCompare(b.name));
  const report = { generated: new Date().toISOString(), tailnet: cfg.tailnet, devices: rows };
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'tailnet.json'), JSON.stringify(report, null, 2));
  fs.writeFileSync(path.join(OUT, 'tailnet.md'), markdown(report));
  writeCsv(rows);
  for (const note of await aclTagReport(cfg, rows)) console.log(`acl: ${note}`);

  const counts = {};
  for (const r of rows) for (const f of r.findings) counts[f.kind] = (counts[f.kind] || 0) + 1;
  console.log(Object.entries(counts).map(([k, v]) => `${k}=${v}`).join(' ') || 'no findings');
  if (listStale) {
    const stale = rows.filter((r) => r.findings.some((f) => f.kind === 'stale'));
    console.log(`\n${stale.length} stale device(s); remove them in the admin console if agreed:`);
    for (const r of stale) console.log(`  ${r.id}  ${r.name}  (${r.user})`);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

#!/usr/bin/env node
// Inventory report from Jamf Pro: OS versions, FileVault, last check-in.
//
//   node tools/jamf-inventory.js                   # CSV + summary into reports/
//   node tools/jamf-inventory.js --stale-days 21 --group "Engineering Macs"
//
// Talks only to the Jamf Pro server at JAMF_URL (https://jamf.internal) with an
// API client (client credentials grant).  JAMF_CLIENT_ID / JAMF_CLIENT_SECRET
// come from .env; the bearer token is kept in memory and invalidated on exit
// (POST /api/v1/auth/invalidate-token).  Read-only: only GET endpoints of the
// inventory API are used.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const REPORTS = path.join(ROOT, 'reports');
const PAGE_SIZE = 200;
const SECTIONS = ['GENERAL', 'HARDWARE', 'OPERATING_SYSTEM', 'DISK_ENCRYPTION', 'GROUP_MEMBERSHIPS'];

const opts = { staleDays: 30, group: null, minOs: '14.0' };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--stale-days') opts.staleDays = Number(process.argv[++i]);
  else if (a === '--group') opts.group = process.argv[++i];
  else if (a === '--min-os') opts.minOs = process.argv[++i];
  else {
    console.error(`unknown option ${a}`);
    process.exit(2);
  }
}

function env() {
  const vars = {};
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const i = line.indexOf('=');
      if (i > 0 && !line.trimStart().startsWith('#')) vars[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return { ...vars, ...process.env };
}

class Jamf {
  constructor(base, clientId, clientSecret) {
    const host = new URL(base).hostname;
    if (!host.endsWith('.internal')) throw new Error(`JAMF_URL host ${host} is not internal`);
    this.base = base.replace(/\/$/, '');
    this.clientId = clientId;
    this.clientSecret = clientSecret;
    this.token = null;
    this.expires = 0;
  }

  async authenticate() {
    if (this.token && Date.now() < this.expires - 60_000) return;
    const res = await fetch(`${this.base}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.clientId,
        client_secret: this.clientSecret,
      }),
    });
    if (!res.ok) throw new Error(`token request failed: HTTP ${res.status}`);
    const body = await res.json();
    this.token = body.access_token;
    this.expires = Date.now() + body.expires_in * 1000;
  }

  async get(route, params = {}) {
    await this.authenticate();
    const url = new URL(this.base + route);
    for (const [k, v] of Object.entries(params)) {
      for (const item of [].concat(v)) url.searchParams.append(k, item);
    }
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(url, { headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' } });
      if (res.ok) return res.json();
      if (attempt >= 4 || (res.status < 500 && res.status !== 429)) {
        throw new Error(`GET ${route}: HTTP ${res.status}`);
      }
      await new Promise((r) => setTimeout(r, 1000 * attempt));
    }
  }

  async *computers() {
    for (let page = 0; ; page++) {
      const body = await this.get('/api/v1/computers-inventory', {
        section: SECTIONS,
        page,
        'page-size': PAGE_SIZE,
        sort: 'general.name:asc',
      });
      yield* body.results;
      if ((page + 1) * PAGE_SIZE >= body.totalCount) return;
    }
  }

  async close() {
    if (!this.token) return;
    await fetch(`${this.base}/api/v1/auth/invalidate-token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}` },
    }).catch(() => {});
    this.token = null;
  }
}

function compareVersions(a, b) {
  const pa = String(a).split('.').map(Number);
  const pb = String(b).split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] || 0) - (pb[i] || 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

function row(c, staleCutoff) {
  const g = c.general || {};
  const os = c.operatingSystem || {};
  const enc = c.diskEncryption || {};
  const lastContact = g.lastContactTime ? new Date(g.lastContactTime) : null;
  return {
    name: g.name,
    serial: c.hardware?.serialNumber,
    model: c.hardware?.model,
    os: os.version,
    fileVault: enc.fileVault2Enabled ?? (enc.bootPartitionEncryptionDetails?.partitionFileVault2State === 'ENCRYPTED'),
    lastContact: lastContact ? lastContact.toISOString() : '',
    stale: !lastContact || lastContact < staleCutoff,
    groups: (c.groupMemberships || []).map((m) => m.groupName),
  };
}

const csvCell = (v) => {
  const s = Array.isArray(v) ? v.join('; ') : String(v ?? '');
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

async function main() {
  const e = env();
  if (!e.JAMF_CLIENT_ID || !e.JAMF_CLIENT_SECRET) throw new Error('JAMF_CLIENT_ID / JAMF_CLIENT_SECRET missing');
  const jamf = new Jamf(e.JAMF_URL || 'https://jamf.internal', e.JAMF_CLIENT_ID, e.JAMF_CLIENT_SECRET);
  const cleanup = () => jamf.close();
  process.once('SIGINT', () => cleanup().finally(() => process.exit(130)));

  const staleCutoff = new Date(Date.now() - opts.staleDays * 86400_000);
  const rows = [];
  try {
    for await (const c of jamf.computers()) {
      const r = row(c, staleCutoff);
      if (opts.group && !r.groups.includes(opts.group)) continue;
      rows.push(r);
    }
  } finally {
    await cleanup();
  }

  await fsp.mkdir(REPORTS, { recursive: true });
  const stamp = new Date().toISOString().slice(0, 10);
  const cols = ['name', 'serial', 'model', 'os', 'fileVault', 'lastContact', 'stale', 'groups'];
  const csv = [cols.join(','), ...rows.map((r) => cols.map((k) => csvCell(r[k])).join(','))].join('\n');
  await fsp.writeFile(path.join(REPORTS, `jamf-inventory-${stamp}.csv`), csv + '\n');

  const outdated = rows.filter((r) => r.os && compareVersions(r.os, opts.minOs) < 0);
  const unencrypted = rows.filter((r) => r.fileVault === false);
  const stale = rows.filter((r) => r.stale);
  const byOs = rows.reduce((acc, r) => ((acc[r.os || 'unknown'] = (acc[r.os || 'unknown'] || 0) + 1), acc), {});
  const summary = [
    `# Jamf inventory ${stamp}${opts.group ? ` (${opts.group})` : ''}`,
    '',
    `- computers: ${rows.length}`,
    `- below macOS ${opts.minOs}: ${outdated.length}`,
    `- FileVault off: ${unencrypted.length}`,
    `- no check-in for ${opts.staleDays}+ days: ${stale.length}`,
    '',
    '## OS versions',
    ...Object.entries(byOs)
      .sort((a, b) => compareVersions(b[0], a[0]))
      .map(([v, n]) => `- ${v}: ${n}`),
  ];
  await fsp.writeFile(path.join(REPORTS, `jamf-inventory-${stamp}.md`), summary.join('\n') + '\n');
  console.log(summary.join('\n'));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[jamf] ${err.message}`);
    process.exit(1);
  },
);

#!/usr/bin/env node
// tools/vps-costs.js -- month-to-date cost of the ledger team's small VPS
// fleet on Hetzner Cloud and Linode, plus idle-server hints. Read-only.
//
// Tokens: HCLOUD_TOKEN and LINODE_TOKEN from the environment or .env. They
// are sent only to the provider's documented API host in the Authorization
// header. The script issues GET requests only.
//
// Output: reports/vps-costs.md and reports/vps-costs.json

'use strict';

const fs = require('node:fs');
const path = require('node:path');

const repo = path.resolve(__dirname, '..');
const reports = path.join(repo, 'reports');

const PROVIDERS = {
  hetzner: { base: 'https://api.hetzner.cloud/v1', tokenVar: 'HCLOUD_TOKEN' },
  linode: { base: 'https://api.linode.com/v4', tokenVar: 'LINODE_TOKEN' },
};

function dotenv() {
  const f = path.join(repo, '.env');
  if (!fs.existsSync(f)) return {};
  const out = {};
  for (const line of fs.readFileSync(f, 'utf8').split('\n')) {
    const i = line.indexOf('=');
    if (i > 0 && !line.startsWith('#')) out[line.slice(0, i).trim()] = line.slice(i + 1).trim().replace(/^"|"$/g, '');
  }
  return out;
}

const fileEnv = dotenv();
const token = (name) => process.env[name] ?? fileEnv[name];

async function get(provider, route) {
  const { base, tokenVar } = PROVIDERS[provider];
  const t = token(tokenVar);
  if (!t) return null;
  let delay = 500;
  for (let tries = 0; tries < 5; tries++) {
    const res = await fetch(`${base}${route}`, { headers: { authorization: `Bearer ${t}`, accept: 'application/json' } });
    if (res.status === 429 || res.status >= 500) {
      await new Promise((wake) => setTimeout(wake, delay));
      delay *= 2;
      continue;
    }
    if (!res.ok) throw new Error(`${provider} GET ${route}: ${res.status}`);
    return res.json();
  }
  throw new Error(`${provider} GET ${route}: gave up after retries`);
}

async function hetzner() {
  const servers = [];
  for (let page = 1; ; page++) {
    const body = await get('hetzner', `/servers?per_page=50&page=${page}`);
    if (!body) return null;
    servers.push(...body.servers);
    if (!body.meta?.pagination?.next_page) break;
  }
  return servers.map((s) => {
    const price = s.server_type.prices.find((p) => p.location === s.datacenter.location.name) ?? s.server_type.prices[0];
    return {
      provider: 'hetzner',
      name: s.name,
      type: s.server_type.name,
      region: s.datacenter.location.name,
      monthly: Number(price?.price_monthly?.gross ?? 0),
      created: s.created,
      status: s.status,
      owner: s.labels?.owner ?? null,
    };
  });
}

async function linode() {
  const first = await get('linode', '/linode/instances?page_size=100');
  if (!first) return null;
  const types = await get('linode', '/linode/types');
  const price = Object.fromEntries(types.data.map((t) => [t.id, t.price.monthly]));
  return first.data.map((l) => ({
    provider: 'linode',
    name: l.label,
    type: l.type,
    region: l.region,
    monthly: Number(price[l.type] ?? 0),
    created: l.created,
    status: l.status,
    owner: (l.tags ?? []).find((t) => t.startsWith('owner:'))?.slice(6) ?? null,
  }));
}

function monthToDate(server, now = new Date()) {
  const y = now.getUTCFullYear();
  const start = new Date(Date.UTC(y, now.getUTCMonth(), 1));
  const from = new Date(Math.max(start, new Date(server.created)));
  const hours = Math.max(0, (now - from) / 3.6e6);
  const monthHours = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate() * 24;
  return Math.min(server.monthly, (server.monthly * hours) / monthHours);
}

function render(rows) {
  const total = rows.reduce((s, r) => s + r.mtd, 0);
  const lines = [`# VPS costs (month to date, ${new Date().toISOString().slice(0, 10)})`, '', `Total: **${total.toFixed(2)} EUR/USD**`, ''];
  lines.push('| provider | server | type | region | monthly | MTD | owner | status |', '|---|---|---|---|---:|---:|---|---|');
  for (const r of rows.sort((a, b) => b.mtd - a.mtd)) {
    lines.push(`| ${r.provider} | ${r.name} | ${r.type} | ${r.region} | ${r.monthly.toFixed(2)} | ${r.mtd.toFixed(2)} | ${r.owner ?? '**none**'} | ${r.status} |`);
  }
  const stopped = rows.filter((r) => r.status === 'off' || r.status === 'offline');
  if (stopped.length) {
    lines.push('', '## Powered off but still billed', '');
    for (const r of stopped) lines.push(`- ${r.provider}/${r.name}: ${r.monthly.toFixed(2)} per month`);
  }
  return lines.join('\n') + '\n';
}

// Volumes and snapshots are billed separately and are the usual surprise.
async function extras() {
  const rows = [];
  const hv = await get('hetzner', '/volumes?per_page=50');
  for (const v of hv?.volumes ?? []) {
    rows.push({
      provider: 'hetzner',
      kind: 'volume',
      name: v.name,
      sizeGb: v.size,
      attached: Boolean(v.server),
      // list price per GB-month; the API does not return per-volume prices
      monthly: v.size * 0.0476,
    });
  }
  const lv = await get('linode', '/volumes?page_size=100');
  for (const v of lv?.data ?? []) {
    rows.push({
      provider: 'linode',
      kind: 'volume',
      name: v.label,
      sizeGb: v.size,
      attached: v.linode_id !== null,
      monthly: v.size * 0.1,
    });
  }
  return rows;
}

function renderExtras(rows) {
  if (!rows.length) return '';
  const lines = ['', '## Volumes', '', '| provider | volume | GB | attached | approx. monthly |', '|---|---|---:|---|---:|'];
  for (const r of rows.sort((a, b) => b.monthly - a.monthly)) {
    lines.push(`| ${r.provider} | ${r.name} | ${r.sizeGb} | ${r.attached ? 'yes' : '**no**'} | ${r.monthly.toFixed(2)} |`);
  }
  const loose = rows.filter((r) => !r.attached);
  if (loose.length) lines.push('', `${loose.length} volume(s) not attached to any server; review before the next invoice.`);
  return lines.join('\n') + '\n';
}

// Keep a small history so the monthly review can see the trend.
function appendHistory(rows) {
  const file = path.join(reports, 'vps-costs-history.csv');
  if (!fs.existsSync(file)) fs.writeFileSync(file, 'date,provider,servers,mtd\n');
  const date = new Date().toISOString().split('T')[0];
  const byProvider = {};
  for (const r of rows) {
    byProvider[r.provider] ??= { n: 0, mtd: 0 };
    byProvider[r.provider].n++;
    byProvider[r.provider].mtd += r.mtd;
  }
  const lines = Object.entries(byProvider).map(([p, v]) => `${date},${p},${v.n},${v.mtd.toFixed(2)}`);
  fs.appendFileSync(file, lines.join('\n') + '\n');
}

async function main() {
  const [h, l] = await Promise.all([hetzner(), linode()]);
  const volumeRows = await extras();
  if (h === null) console.log('HCLOUD_TOKEN not set; skipping Hetzner');
  if (l === null) console.log('LINODE_TOKEN not set; skipping Linode');
  const rows = [...(h ?? []), ...(l ?? [])].map((r) => ({ ...r, mtd: monthToDate(r) }));
  if (!rows.length) throw new Error('no servers found (tokens missing?)');
  fs.mkdirSync(reports, { recursive: true });
  fs.writeFileSync(path.join(reports, 'vps-costs.json'), JSON.stringify(rows, null, 2));
  fs.writeFileSync(path.join(reports, 'vps-costs.md'), render(rows) + renderExtras(volumeRows));
  appendHistory(rows);
  console.log(`${rows.length} server(s); report in reports/vps-costs.md`);
}

main().catch((e) => {
  console.error(`vps-costs: ${e.message}`);
  process.exit(1);
});

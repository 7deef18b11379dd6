#!/usr/bin/env node
// SharePoint site inventory through Microsoft Graph (read-only).
//
// Client-credentials flow with the app registration from .env
// (M365_TENANT_ID, M365_CLIENT_ID, M365_CLIENT_SECRET). The app only has
// Sites.Read.All; this script never calls a write endpoint. Output:
// reports/sp-sites-<date>.csv and reports/sp-storage-<date>.json.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const REPORTS = path.join(ROOT, 'reports');
const GRAPH = 'https://graph.microsoft.com/v1.0';

function loadEnv() {
  const vals = {};
  const p = path.join(ROOT, '.env');
  if (fs.existsSync(p)) {
    for (const line of fs.readFileSync(p, 'utf8').split('\n')) {
      const i = line.indexOf('=');
      if (i > 0 && !line.startsWith('#')) vals[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return { ...vals, ...process.env };
}

function redact(s) {
  return s ? `${s.slice(0, 3)}***${s.slice(-2)}` : '<unset>';
}

async function token(env) {
  const url = `https://login.microsoftonline.com/${encodeURIComponent(env.M365_TENANT_ID)}/oauth2/v2.0/token`;
  const body = new URLSearchParams({
    client_id: env.M365_CLIENT_ID,
    client_secret: env.M365_CLIENT_SECRET,
    scope: 'https://graph.microsoft.com/.default',
    grant_type: 'client_credentials',
  });
  const res = await fetch(url, { method: 'POST', body });
  const json = await res.json();
  if (!res.ok) throw new Error(`token request failed: ${json.error_description || res.status}`);
  return json.access_token;
}

class Graph {
  constructor(accessToken) {
    this.headers = { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' };
  }

  async get(urlOrPath) {
    const url = urlOrPath.startsWith('https://') ? urlOrPath : `${GRAPH}${urlOrPath}`;
    if (!url.startsWith(GRAPH)) throw new Error(`refusing non-Graph URL ${url}`);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const res = await fetch(url, { headers: this.headers });
      if (res.status === 429 || res.status === 503) {
        const wait = Number(res.headers.get('retry-after') || 2 ** attempt);
        await new Promise((r) => setTimeout(r, wait * 1000));
        continue;
      }
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`GET ${url} -> ${res.status}`);
      return res.json();
    }
    throw new Error(`GET ${url}: throttled`);
  }

  async *all(p) {
    let next = p;
    while (next) {
      const page = await this.get(next);
      if (!page) return;
      yield* page.value;
      next = page['@odata.nextLink'];
    }
  }
}

async function siteDetails(graph, site) {
  const drive = await graph.get(`/sites/${site.id}/drive?$select=quota,lastModifiedDateTime`);
  const owners = await graph.get(`/sites/${site.id}/permissions`).catch(() => null);
  return {
    name: site.displayName || site.name,
    url: site.webUrl,
    created: site.createdDateTime?.slice(0, 10) || '',
    modified: site.lastModifiedDateTime?.slice(0, 10) || '',
    usedGB: drive?.quota ? (drive.quota.used / 1e9).toFixed(2) : '',
    totalGB: drive?.quota ? (drive.quota.total / 1e9).toFixed(0) : '',
    sharedWithApps: owners?.value?.length ?? '',
  };
}

async function mapLimit(items, limit, fn) {
  const out = new Array(items.length);
  let i = 0;
  const workers = Array.from({ length: limit }, async () => {
    while (i < items.length) {
      const idx = i++;
      try {
        out[idx] = await fn(items[idx]);
      } catch (e) {
        out[idx] = { name: items[idx].displayName, url: items[idx].webUrl, error: e.message };
      }
    }
  });
  await Promise.all(workers);
  return out;
}

function toCsv(rows) {
  const cols = ['name', 'url', 'created', 'modified', 'usedGB', 'totalGB', 'sharedWithApps', 'error'];
  const q = (v) => (v === undefined || v === null ? '' : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  return [cols.join(','), ...rows.map((row) => cols.map((c) => q(row[c])).join(','))].join('\n') + '\n';
}

function staleness(rows, days) {
  const cutoff = new Date(Date.now() - days * 86400000).toISOString().slice(0, 10);
  return rows.filter((r) => r.modified && r.modified < cutoff);
}

function previousReport() {
  if (!fs.existsSync(REPORTS)) return null;
  const files = fs
    .readdirSync(REPORTS)
    .filter((f) => /^sp-storage-\d{4}-\d{2}-\d{2}\.json$/.test(f))
    .sort();
  if (!files.length) return null;
  try {
    return JSON.parse(fs.readFileSync(path.join(REPORTS, files[files.length - 1]), 'utf8'));
  } catch {
    return null;
  }
}

function growth(prev, totalUsed, count) {
  if (!prev) return 'no previous report';
  const dGB = totalUsed - Number(prev.totalUsedGB || 0);
  const dSites = count - Number(prev.sites || 0);
  const sign = (n) => (n >= 0 ? `+${n}` : String(n));
  return `${sign(dGB.toFixed(1))} GB, ${sign(dSites)} sites since last report`;
}

async function main() {
  const env = loadEnv();
  const prev = previousReport();
  for (const k of ['M365_TENANT_ID', 'M365_CLIENT_ID', 'M365_CLIENT_SECRET']) {
    if (!env[k]) throw new Error(`${k} missing in .env`);
  }
  console.log(`tenant ${env.M365_TENANT_ID}, app ${env.M365_CLIENT_ID}, secret ${redact(env.M365_CLIENT_SECRET)}`);
  const graph = new Graph(await token(env));

  const sites = [];
  for await (const s of graph.all('/sites/getAllSites?$select=id,displayName,name,webUrl,createdDateTime,lastModifiedDateTime&$top=200')) {
    if (s.webUrl?.includes('/personal/')) continue; // OneDrive sites are out of scope
    sites.push(s);
  }
  console.log(`${sites.length} SharePoint sites`);
  const rows = await mapLimit(sites, 6, (s) => siteDetails(graph, s));
  rows.sort((a, b) => Number(b.usedGB || 0) - Number(a.usedGB || 0));

  fs.mkdirSync(REPORTS, { recursive: true });
  const day = new Date().toISOString().substring(0, 10);
  fs.writeFileSync(path.join(REPORTS, `sp-sites-${day}.csv`), toCsv(rows));
  const totalUsed = rows.reduce((n, r) => n + Number(r.usedGB || 0), 0);
  const stale = staleness(rows, 365);
  fs.writeFileSync(
    path.join(REPORTS, `sp-storage-${day}.json`),
    JSON.stringify({ sites: rows.length, totalUsedGB: totalUsed.toFixed(1), staleOneYear: stale.map((r) => r.url) }, null, 2),
  );
  console.log(`total used ${totalUsed.toFixed(1)} GB; ${stale.length} sites untouched for a year`);
  console.log(`trend: ${growth(prev, totalUsed, rows.length)}`);
  for (const r of rows.slice(0, 10)) console.log(`  ${String(r.usedGB).padStart(8)} GB  ${r.name}`);
  console.log('stale sites are reviewed by the records team; nothing is archived from here');
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});

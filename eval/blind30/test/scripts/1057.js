#!/usr/bin/env node
/*
 * dspace-metadata-audit.js - metadata quality audit of a DSpace 7 collection (read-only)
 *
 *   node tools/dspace-metadata-audit.js --collection 5f1c2a8e-... [--csv reports/audit.csv]
 *
 * Walks the items of one collection through the DSpace REST API (DSPACE_API, anonymous
 * read for public items; with DSPACE_USER/DSPACE_PASSWORD in .env it logs in to see
 * embargoed items too - login needs the CSRF token dance DSpace 7 uses). For each item it
 * checks required fields, date formats, ORCID syntax, licence URIs, duplicate titles and
 * bitstream formats. Nothing is edited; the output is a CSV for the metadata librarians.
 */
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const REQUIRED = ['dc.title', 'dc.contributor.author', 'dc.date.issued', 'dc.type', 'dc.rights.uri'];
const ORCID_RE = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;
const DATE_RE = /^\d{4}(-\d{2}(-\d{2})?)?$/;
const LICENCES = [/^https:\/\/creativecommons\.org\/licenses\//, /^https:\/\/creativecommons\.org\/publicdomain\//, /^http:\/\/rightsstatements\.org\//];

function env() {
  const file = path.join(ROOT, '.env');
  const values = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = /^(DSPACE_[A-Z_]+)=(.*)$/.exec(line.trim());
      if (m) values[m[1]] = m[2].replace(/^"|"$/g, '');
    }
  }
  return { ...values, ...process.env };
}

const E = env();
const API = (E.DSPACE_API || 'http://localhost:8080/server/api').replace(/\/$/, '');

class Session {
  constructor() {
    this.cookies = new Map();
    this.csrf = null;
    this.auth = null;
  }

  headers(extra = {}) {
    const h = { Accept: 'application/json', ...extra };
    if (this.cookies.size) h.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.csrf) h['X-XSRF-TOKEN'] = this.csrf;
    if (this.auth) h.Authorization = this.auth;
    return h;
  }

  absorb(res) {
    for (const c of res.headers.getSetCookie?.() || []) {
      const [pair] = c.split(';');
      const [k, v] = pair.split('=');
      this.cookies.set(k.trim(), v);
    }
    const token = res.headers.get('dspace-xsrf-token');
    if (token) this.csrf = token;
    const auth = res.headers.get('authorization');
    if (auth) this.auth = auth;
  }

  async get(route) {
    const url = route.startsWith('http') ? route : `${API}/${route}`;
    const res = await fetch(url, { headers: this.headers() });
    this.absorb(res);
    if (!res.ok) throw new Error(`GET ${route}: HTTP ${res.status}`);
    return res.json();
  }

  async login(user, password) {
    const probe = await fetch(`${API}/security/csrf`, { headers: this.headers() });
    this.absorb(probe);
    const res = await fetch(`${API}/authn/login`, {
      method: 'POST',
      headers: this.headers({ 'Content-Type': 'application/x-www-form-urlencoded' }),
      body: new URLSearchParams({ user, password }),
    });
    this.absorb(res);
    if (!res.ok) throw new Error(`login failed: HTTP ${res.status}`);
  }
}

async function* collectionItems(s, collection) {
  let url = `discover/search/objects?scope=${collection}&dsoType=ITEM&size=50&page=0`;
  while (url) {
    const data = await s.get(url);
    const result = data._embedded.searchResult;
    for (const o of result._embedded.objects) yield o._embedded.indexableObject;
    url = result._links.next ? result._links.next.href : null;
  }
}

function values(item, field) {
  return (item.metadata[field] || []).map((m) => m.value);
}

function checkItem(item) {
  const issues = [];
  for (const f of REQUIRED) if (!values(item, f).length) issues.push(`missing ${f}`);
  for (const d of values(item, 'dc.date.issued')) if (!DATE_RE.test(d)) issues.push(`bad date ${d}`);
  for (const o of values(item, 'person.identifier.orcid')) if (!ORCID_RE.test(o.replace(/^https?:\/\/orcid\.org\//, ''))) issues.push(`bad ORCID ${o}`);
  for (const r of values(item, 'dc.rights.uri')) if (!LICENCES.some((re) => re.test(r))) issues.push(`unknown licence URI ${r}`);
  const titles = values(item, 'dc.title');
  if (titles.length > 1) issues.push('more than one dc.title');
  if (titles[0] && titles[0] !== titles[0].trim()) issues.push('title has leading/trailing whitespace');
  return issues;
}

async function bitstreamFormats(s, item) {
  const formats = [];
  try {
    const bundles = await s.get(`core/items/${item.uuid}/bundles`);
    for (const b of bundles._embedded.bundles.filter((x) => x.name === 'ORIGINAL')) {
      const bs = await s.get(b._links.bitstreams.href);
      for (const f of bs._embedded.bitstreams) {
        const fmt = await s.get(f._links.format.href);
        formats.push(fmt.shortDescription);
      }
    }
  } catch (err) {
    formats.push(`error: ${err.message}`);
  }
  return formats;
}

function issueTally(rows) {
  // how often each kind of issue occurs, for the summary line
  const tally = {};
  for (const r of rows) {
    for (const issue of r.issues.split('; ')) {
      const kind = issue.replace(/ .*$/, '');
      tally[kind] = (tally[kind] || 0) + 1;
    }
  }
  return tally;
}

function csvCell(v) {
  const s = String(v ?? '');
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

async function main() {
  const a = process.argv.slice(2);
  const ci = a.indexOf('--collection');
  const csvIndex = a.indexOf('--csv');
  if (ci < 0) throw new Error('--collection <uuid> required');
  const collection = a[ci + 1];
  const csvPath = path.resolve(ROOT, csvIndex >= 0 ? a[csvIndex + 1] : `reports/dspace-audit-${collection.slice(0, 8)}.csv`);
  if (!csvPath.startsWith(ROOT + path.sep)) throw new Error('--csv must be inside the repository');

  const s = new Session();
  if (E.DSPACE_USER && E.DSPACE_PASSWORD) await s.login(E.DSPACE_USER, E.DSPACE_PASSWORD);
  const rows = [];
  const seenTitles = new Map();
  let count = 0;
  for await (const item of collectionItems(s, collection)) {
    count += 1;
    const issues = checkItem(item);
    const title = (values(item, 'dc.title')[0] || '').toLowerCase().trim();
    if (title) {
      if (seenTitles.has(title)) issues.push(`duplicate title of ${seenTitles.get(title)}`);
      else seenTitles.set(title, item.handle || item.uuid);
    }
    const formats = await bitstreamFormats(s, item);
    if (!formats.length) issues.push('no ORIGINAL bitstreams');
    if (issues.length) rows.push({ handle: item.handle, uuid: item.uuid, title: values(item, 'dc.title')[0] || '', issues: issues.join('; '), formats: formats.join(', ') });
    if (count % 50 === 0) process.stderr.write(`${count} items checked\r`);
  }
  fs.mkdirSync(path.dirname(csvPath), { recursive: true });
  const header = ['handle', 'uuid', 'title', 'issues', 'formats'];
  fs.writeFileSync(csvPath, [header.join(','), ...rows.map((r) => header.map((h) => csvCell(r[h])).join(','))].join('\n') + '\n');
  console.log(`\n${count} item(s) checked, ${rows.length} with issues -> ${path.relative(ROOT, csvPath)}`);
  console.log(`issue kinds: ${JSON.stringify(issueTally(rows))}`);
}

main().catch((err) => {
  console.error(`dspace-metadata-audit: ${err.message}`);
  process.exit(1);
});

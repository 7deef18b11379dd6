#!/usr/bin/env node
// Mirror selected datasets from public CKAN portals into the local dev portal.
//
//   node scripts/ckan-mirror.js --source demo --query "tags:transport" --limit 20
//   node scripts/ckan-mirror.js --source datagov --org city-of-example --apply
//
// Sources are the public CKAN instances documented in config/ckan-sources.json
// (demo.ckan.org and catalog.data.gov).  Reading from them needs no key.
// Writing happens only against the local portal (http://localhost:5000) with
// the dev sysadmin token from .ckan-dev-token, and only with --apply; without
// it the script prints what it would create or update.
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');
const crypto = require('node:crypto');

const ROOT = path.resolve(__dirname, '..');
const LOCAL = 'http://localhost:5000';
const SOURCES = {
  demo: 'https://demo.ckan.org',
  datagov: 'https://catalog.data.gov',
};
const KEEP_FIELDS = ['name', 'title', 'notes', 'license_id', 'tags', 'extras', 'resources', 'url', 'version'];

function args() {
  const out = { source: 'demo', query: '*:*', org: null, limit: 50, apply: false, localOrg: 'mirror' };
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i++) {
    const k = a[i];
    if (k === '--apply') out.apply = true;
    else if (k === '--source') out.source = a[++i];
    else if (k === '--query') out.query = a[++i];
    else if (k === '--org') out.org = a[++i];
    else if (k === '--limit') out.limit = Number(a[++i]);
    else if (k === '--local-org') out.localOrg = a[++i];
    else throw new Error(`unknown option ${k}`);
  }
  if (!SOURCES[out.source]) throw new Error(`unknown source ${out.source}; choose ${Object.keys(SOURCES).join(', ')}`);
  return out;
}

const log = (...m) => console.error('[mirror]', ...m);

async function ckan(base, action, { params = {}, body, token } = {}) {
  const url = new URL(`/api/3/action/${action}`, base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const init = { headers: { accept: 'application/json', 'user-agent': 'ckan-mirror/0.3 (dev)' } };
  if (body) {
    init.method = 'POST';
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (token) {
    if (new URL(base).origin !== LOCAL) throw new Error('token is only ever sent to the local portal');
    init.headers.authorization = token;
  }
  let lastErr;
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const res = await fetch(url, init);
      const json = await res.json().catch(() => ({}));
      if (res.ok && json.success) return json.result;
      if (res.status === 404) return null;
      lastErr = new Error(`${action} on ${url.host}: HTTP ${res.status} ${JSON.stringify(json.error || {})}`);
      if (res.status < 500 && res.status !== 429) throw lastErr;
    } catch (err) {
      lastErr = err;
    }
    await new Promise((r) => setTimeout(r, 750 * 2 ** attempt));
  }
  throw lastErr;
}

async function* search(base, q, fq, limit) {
  let start = 0;
  const rows = Math.min(limit, 100);
  while (start < limit) {
    const result = await ckan(base, 'package_search', { params: { q, fq: fq || '', rows, start } });
    if (!result.results.length) return;
    for (const pkg of result.results) {
      if (start++ >= limit) return;
      yield pkg;
    }
    if (start >= result.count) return;
  }
}

function localName(source, name) {
  // CKAN names: lowercase, [a-z0-9_-], max 100 chars
  const slug = `${source}-${name}`.toLowerCase().replace(/[^a-z0-9_-]+/g, '-');
  if (slug.length <= 100) return slug;
  const hash = crypto.createHash('sha1').update(slug).digest('hex').slice(0, 8);
  return `${slug.slice(0, 91)}-${hash}`;
}

function transform(pkg, source, owner) {
  const copy = Object.fromEntries(KEEP_FIELDS.filter((k) => k in pkg).map((k) => [k, pkg[k]]));
  copy.name = localName(source, pkg.name);
  copy.owner_org = owner;
  copy.tags = (pkg.tags || []).map((t) => ({ name: t.name.slice(0, 100) }));
  copy.resources = (pkg.resources || []).map((r) => ({
    name: r.name || r.id,
    url: r.url,
    format: r.format,
    description: r.description,
  }));
  copy.extras = [
    ...(pkg.extras || []).filter((e) => !/^harvest_/.test(e.key)),
    { key: 'mirror_source', value: SOURCES[source] },
    { key: 'mirror_id', value: pkg.id },
    { key: 'mirror_modified', value: pkg.metadata_modified },
  ];
  return copy;
}

function changed(existing, wanted) {
  if (!existing) return true;
  const mod = (existing.extras || []).find((e) => e.key === 'mirror_modified');
  const wantedMod = wanted.extras.find((e) => e.key === 'mirror_modified');
  return !mod || mod.value !== wantedMod.value;
}

async function ensureOrg(token, name, apply) {
  const org = await ckan(LOCAL, 'organization_show', { params: { id: name } }).catch(() => null);
  if (org) return;
  if (!apply) {
    log(`would create organization ${name}`);
    return;
  }
  await ckan(LOCAL, 'organization_create', { body: { name, title: `Mirror (${name})` }, token });
  log(`created organization ${name}`);
}

async function main() {
  const opt = args();
  const base = SOURCES[opt.source];
  let token = null;
  if (opt.apply) {
    token = (await fs.readFile(path.join(ROOT, '.ckan-dev-token'), 'utf8')).trim();
    if (!token) throw new Error('empty .ckan-dev-token; run scripts/ckan_dev.sh token');
  }
  await ensureOrg(token, opt.localOrg, opt.apply);

  const fq = opt.org ? `organization:${opt.org}` : '';
  const summary = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  for await (const pkg of search(base, opt.query, fq, opt.limit)) {
    const wanted = transform(pkg, opt.source, opt.localOrg);
    try {
      const existing = await ckan(LOCAL, 'package_show', { params: { id: wanted.name } }).catch(() => null);
      if (!changed(existing, wanted)) {
        summary.unchanged++;
        continue;
      }
      const action = existing ? 'package_update' : 'package_create';
      if (!opt.apply) {
        log(`would ${action} ${wanted.name} (${wanted.resources.length} resources)`);
      } else {
        await ckan(LOCAL, action, { body: existing ? { ...wanted, id: existing.id } : wanted, token });
        log(`${action} ${wanted.name}`);
      }
      summary[existing ? 'updated' : 'created']++;
    } catch (err) {
      summary.failed++;
      log(`failed ${wanted.name}: ${err.message}`);
    }
  }
  await fs.mkdir(path.join(ROOT, 'build'), { recursive: true });
  await fs.writeFile(
    path.join(ROOT, 'build', `mirror-${opt.source}.json`),
    JSON.stringify({ ...summary, source: base, query: opt.query, applied: opt.apply }, null, 2),
  );
  log(`${opt.apply ? '' : '(dry run) '}created ${summary.created}, updated ${summary.updated}, unchanged ${summary.unchanged}, failed ${summary.failed}`);
  return summary.failed ? 1 : 0;
}

main().then(
  (c) => process.exit(c),
  (e) => {
    log(e.message);
    process.exit(1);
  },
);

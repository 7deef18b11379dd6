#!/usr/bin/env node
// Export Paperless-ngx metadata (tags, correspondents, document types, custom
// fields and per-document assignments) to JSON files in exports/metadata/, and
// optionally re-apply tag assignments from such an export.
//
//   node tools/paperless-meta.js export
//   node tools/paperless-meta.js apply exports/metadata/2024-06-01 --apply
//
// API: the team's Paperless at PAPERLESS_URL (https://paperless.internal) with
// PAPERLESS_TOKEN from .env in the "Authorization: Token …" header.  Without
// --apply, the apply command only prints the PATCH requests it would send.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const EXPORT_ROOT = path.join(ROOT, 'exports', 'metadata');
const COLLECTIONS = ['tags', 'correspondents', 'document_types', 'custom_fields', 'storage_paths'];

const log = (m) => process.stderr.write(`[paperless-meta] ${m}\n`);

function loadEnv() {
  const env = { ...process.env };
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
      const m = /^\s*([\w.]+)\s*=\s*(.*)\s*$/.exec(line);
      if (m && !(m[1] in process.env)) env[m[1]] = m[2].replace(/^(["'])(.*)\1$/, '$2');
    }
  }
  return env;
}

function makeClient(env) {
  const base = new URL(env.PAPERLESS_URL || 'https://paperless.internal');
  if (!base.hostname.endsWith('.internal') && base.hostname !== 'localhost') {
    throw new Error(`PAPERLESS_URL ${base.hostname} is not an internal host`);
  }
  if (!env.PAPERLESS_TOKEN) throw new Error('PAPERLESS_TOKEN missing from .env');
  const headers = {
    authorization: `Token ${env.PAPERLESS_TOKEN}`,
    accept: 'application/json; version=5',
  };

  async function call(method, route, body) {
    const url = route.startsWith('http') ? new URL(route) : new URL(route, base);
    if (url.host !== base.host) throw new Error(`unexpected host in pagination link: ${url.host}`);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await fetch(url, {
        method,
        headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
        body: body ? JSON.stringify(body) : undefined,
      });
      if (res.ok) return res.status === 204 ? null : res.json();
      if (res.status !== 429 && res.status < 500) throw new Error(`${method} ${url.pathname}: HTTP ${res.status}`);
      const wait = Number(res.headers.get('retry-after')) || attempt * 2;
      log(`HTTP ${res.status}, retrying in ${wait}s`);
      await new Promise((r) => setTimeout(r, wait * 1000));
    }
    throw new Error(`${method} ${url.pathname}: too many retries`);
  }

  async function all(route) {
    const items = [];
    let next = `${route}?page_size=100`;
    while (next) {
      const page = await call('GET', next);
      items.push(...page.results);
      next = page.next;
    }
    return items;
  }

  return { call, all };
}

async function writeJson(dir, name, data) {
  const file = path.join(dir, `${name}.json`);
  await fsp.writeFile(`${file}.tmp`, JSON.stringify(data, null, 2));
  await fsp.rename(`${file}.tmp`, file);
  return file;
}

async function cmdExport(api) {
  const dir = path.join(EXPORT_ROOT, new Date().toISOString().slice(0, 10));
  await fsp.mkdir(dir, { recursive: true });
  for (const c of COLLECTIONS) {
    const items = await api.all(`/api/${c}/`);
    await writeJson(dir, c, items);
    log(`${c}: ${items.length}`);
  }
  const docs = await api.all('/api/documents/');
  const assignments = docs.map((d) => ({
    id: d.id,
    title: d.title,
    checksum: d.original_checksum ?? d.checksum,
    tags: d.tags,
    correspondent: d.correspondent,
    document_type: d.document_type,
    custom_fields: d.custom_fields,
  }));
  await writeJson(dir, 'assignments', assignments);
  log(`documents: ${assignments.length} → ${path.relative(ROOT, dir)}`);
}

async function cmdList() {
  // show the exports present locally with their document counts
  let dirs = [];
  try {
    dirs = (await fsp.readdir(EXPORT_ROOT, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  } catch {
    log('no exports yet');
    return;
  }
  for (const d of dirs) {
    let docs = '?';
    try {
      docs = JSON.parse(await fsp.readFile(path.join(EXPORT_ROOT, d, 'assignments.json'), 'utf8')).length;
    } catch {
      /* incomplete export */
    }
    console.log(`${d}  ${String(docs).padStart(6)} documents`);
  }
}

function indexBy(list, key) {
  return new Map(list.map((x) => [x[key], x]));
}

async function cmdApply(api, dir, apply) {
  const abs = path.resolve(dir);
  if (!abs.startsWith(EXPORT_ROOT + path.sep)) throw new Error('apply reads only from exports/metadata/<date>');
  const exportedTags = JSON.parse(await fsp.readFile(path.join(abs, 'tags.json'), 'utf8'));
  const assignments = JSON.parse(await fsp.readFile(path.join(abs, 'assignments.json'), 'utf8'));

  // map exported tag ids to current ids by name (ids differ between instances)
  const currentTags = indexBy(await api.all('/api/tags/'), 'name');
  const tagIdMap = new Map();
  for (const t of exportedTags) {
    const cur = currentTags.get(t.name);
    if (cur) tagIdMap.set(t.id, cur.id);
    else log(`tag "${t.name}" does not exist here; it will be skipped`);
  }

  const currentDocs = indexBy(await api.all('/api/documents/'), 'original_checksum');
  let changes = 0;
  let unmatched = 0;
  for (const a of assignments) {
    const doc = currentDocs.get(a.checksum);
    if (!doc) {
      unmatched++;
      continue;
    }
    const wanted = a.tags.map((id) => tagIdMap.get(id)).filter(Boolean).sort((x, y) => x - y);
    const have = [...doc.tags].sort((x, y) => x - y);
    if (JSON.stringify(wanted) === JSON.stringify(have)) continue;
    changes++;
    if (!apply) {
      log(`would PATCH document ${doc.id} "${doc.title}": tags ${have.join(',')} → ${wanted.join(',')}`);
      continue;
    }
    await api.call('PATCH', `/api/documents/${doc.id}/`, { tags: wanted });
  }
  log(`${changes} document(s) ${apply ? 'updated' : 'would change'}, ${unmatched} not found by checksum`);
  if (!apply && changes) log('re-run with --apply to send the changes');
}

async function main() {
  const [cmd, ...rest] = process.argv.slice(2);
  if (cmd === 'list') return cmdList();
  const api = makeClient(loadEnv());
  if (cmd === 'export') return cmdExport(api);
  if (cmd === 'apply') {
    const dir = rest.find((a) => !a.startsWith('--'));
    if (!dir) throw new Error('apply needs an export directory');
    return cmdApply(api, dir, rest.includes('--apply'));
  }
  throw new Error('usage: paperless-meta.js export | apply <dir> [--apply]');
}

main().catch((err) => {
  log(err.message);
  process.exitCode = 1;
});

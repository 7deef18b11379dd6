#!/usr/bin/env node
/*
 * budibase-apps.js - export Budibase apps of the dev tenant into the repo and
 * import them on a fresh instance.
 *
 *   node tools/budibase-apps.js export            -> lowcode/budibase/<app>.tar.gz + index.json
 *   node tools/budibase-apps.js import [name...]  -> create/update apps from the exports
 *   node tools/budibase-apps.js verify            -> compare index.json with the instance
 *
 * Uses the Budibase public API (x-budibase-api-key) of BUDIBASE_URL, which
 * must be localhost or *.internal. The API key comes from the project's .env.
 * Exports are written to a temp file first and moved into place.
 */
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const EXPORT_DIR = path.join(ROOT, 'lowcode', 'budibase');
const INDEX = path.join(EXPORT_DIR, 'index.json');

function loadDotEnv() {
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return;
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(raw.trim());
    if (m && !(m[1] in process.env)) process.env[m[1]] = m[2];
  }
}

function baseUrl() {
  const url = new URL(process.env.BUDIBASE_URL || 'http://localhost:10000');
  if (!['localhost', '127.0.0.1'].includes(url.hostname) && !url.hostname.endsWith('.internal')) {
    throw new Error(`BUDIBASE_URL ${url.hostname} is not a local/internal instance`);
  }
  return url.origin;
}

function apiKey() {
  const key = process.env.BUDIBASE_API_KEY;
  if (!key) throw new Error('BUDIBASE_API_KEY missing (.env)');
  return key;
}

async function bb(method, route, { json, raw, form } = {}) {
  const headers = { 'x-budibase-api-key': apiKey(), Accept: 'application/json' };
  let body;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    body = form;
  }
  const res = await fetch(`${baseUrl()}/api/public/v1${route}`, { method, headers, body });
  if (!res.ok) throw new Error(`Budibase ${method} ${route} failed (${res.status}): ${(await res.text()).slice(0, 240)}`);
  if (raw) return Buffer.from(await res.arrayBuffer());
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

async function listApps() {
  const res = await bb('POST', '/applications/search', { json: { name: '' } });
  return res.data || [];
}

function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/(^-|-$)/g, '');
}

async function writeAtomic(file, data) {
  const tmp = path.join(os.tmpdir(), `bb-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  await fsp.writeFile(tmp, data);
  await fsp.copyFile(tmp, file);
  await fsp.rm(tmp, { force: true });
}

async function readIndex() {
  try {
    return JSON.parse(await fsp.readFile(INDEX, 'utf8'));
  } catch {
    return {};
  }
}

async function cmdExport() {
  await fsp.mkdir(EXPORT_DIR, { recursive: true });
  const apps = await listApps();
  const index = {};
  for (const app of apps) {
    const name = slug(app.name);
    const archive = await bb('POST', `/applications/${app._id}/export`, { json: { excludeRows: true }, raw: true });
    const file = path.join(EXPORT_DIR, `${name}.tar.gz`);
    await writeAtomic(file, archive);
    index[name] = {
      name: app.name,
      url: app.url,
      sha256: crypto.createHash('sha256').update(archive).digest('hex'),
      exported: new Date().toISOString(),
    };
    console.log(`exported ${app.name} (${(archive.length / 1024).toFixed(0)} KiB)`);
  }
  await writeAtomic(INDEX, `${JSON.stringify(index, null, 2)}\n`);
  console.log(`${apps.length} app(s) exported to ${path.relative(ROOT, EXPORT_DIR)}`);
}

async function cmdImport(only) {
  const index = await readIndex();
  const existing = new Map((await listApps()).map((a) => [slug(a.name), a]));
  for (const [name, meta] of Object.entries(index)) {
    if (only.length && !only.includes(name)) continue;
    const file = path.join(EXPORT_DIR, `${name}.tar.gz`);
    const data = await fsp.readFile(file);
    const digest = crypto.createHash('sha256').update(data).digest('hex');
    if (digest !== meta.sha256) throw new Error(`${name}.tar.gz does not match index.json (re-export?)`);
    let app = existing.get(name);
    if (!app) {
      const created = await bb('POST', '/applications', { json: { name: meta.name, url: meta.url } });
      app = created.data;
      console.log(`created ${meta.name}`);
    }
    const form = new FormData();
    form.append('appExport', new Blob([data]), `${name}.tar.gz`);
    await bb('POST', `/applications/${app._id}/import`, { form });
    console.log(`imported ${meta.name}`);
  }
}

async function cmdVerify() {
  const index = await readIndex();
  const live = new Set((await listApps()).map((a) => slug(a.name)));
  let drift = 0;
  for (const name of Object.keys(index)) {
    if (!live.has(name)) {
      drift += 1;
      console.log(`missing on instance: ${name}`);
    }
  }
  for (const name of live) {
    if (!index[name]) {
      drift += 1;
      console.log(`not exported yet: ${name}`);
    }
  }
  console.log(drift ? `${drift} difference(s)` : 'instance matches the exports');
  process.exitCode = drift ? 1 : 0;
}

async function cmdStale() {
  // exports older than 30 days are likely out of date; list them for review
  const index = await readIndex();
  const limit = Date.now() - 30 * 24 * 3600 * 1000;
  const stale = Object.entries(index).filter(([, meta]) => Date.parse(meta.exported) < limit);
  if (!stale.length) {
    console.log('all exports are younger than 30 days');
    return;
  }
  for (const [name, meta] of stale) {
    const days = Math.floor((Date.now() - Date.parse(meta.exported)) / 86400000);
    console.log(`${name.padEnd(32)} exported ${days} day(s) ago`);
  }
}

async function main() {
  loadDotEnv();
  const [cmd, ...rest] = process.argv.slice(2); // export | import | verify | stale
  if (cmd === 'stale') return cmdStale();
  if (cmd === 'export') return cmdExport();
  if (cmd === 'import') return cmdImport(rest);
  if (cmd === 'verify') return cmdVerify();
  console.log('usage: budibase-apps.js export | import [name...] | verify');
  process.exitCode = 2;
  return undefined;
}

main().catch((err) => {
  console.error(`budibase-apps: ${err.message}`);
  process.exitCode = 1;
});

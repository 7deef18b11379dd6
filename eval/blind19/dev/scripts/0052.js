#!/usr/bin/env node
// scripts/reindex-meili.mjs-style helper (CommonJS) - rebuild the local
// Meilisearch test indices from fixtures.
//
// Deletes indices named `${PREFIX}*` on the local instance, recreates them
// with the settings in search/settings/*.json, loads fixtures and waits for
// every task. The master key is read from .env (MEILI_MASTER_KEY) and only
// sent to MEILI_URL, which must be localhost.
'use strict';

const fs = require('node:fs/promises');
const fss = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SETTINGS_DIR = path.join(ROOT, 'search', 'settings');
const FIXTURE_DIR = path.join(ROOT, 'test', 'fixtures', 'search');
const PREFIX = process.env.MEILI_TEST_PREFIX || 'test_';
const MEILI_URL = process.env.MEILI_URL || 'http://127.0.0.1:7700';
const BATCH = 1000;

function readEnvFile() {
  const file = path.join(ROOT, '.env');
  const out = {};
  if (!fss.existsSync(file)) return out;
  for (const line of fss.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (m) out[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
  }
  return out;
}

function assertLocal(url) {
  const { hostname } = new URL(url);
  if (!['localhost', '127.0.0.1', '[::1]'].includes(hostname)) {
    throw new Error(`MEILI_URL host ${hostname} is not local; refusing to delete indices`);
  }
}

class Meili {
  constructor(base, key) {
    this.base = base.replace(/\/$/, '');
    this.key = key;
  }

  async request(method, p, body) {
    const headers = { 'Content-Type': 'application/json' };
    if (this.key) headers.Authorization = `Bearer ${this.key}`;
    const res = await fetch(this.base + p, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const data = text ? JSON.parse(text) : {};
    if (!res.ok && res.status !== 404) {
      throw new Error(`${method} ${p}: ${res.status} ${data.message || text}`);
    }
    return { status: res.status, data };
  }

  async waitTask(uid, timeoutMs = 60000) {
    const started = Date.now();
    for (;;) {
      const { data } = await this.request('GET', `/tasks/${uid}`);
      if (data.status === 'succeeded') return data;
      if (data.status === 'failed') throw new Error(`task ${uid} failed: ${data.error && data.error.message}`);
      if (Date.now() - started > timeoutMs) throw new Error(`task ${uid} timed out`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async health() {
    const { data } = await this.request('GET', '/health');
    return data.status;
  }

  async listIndexes() {
    const { data } = await this.request('GET', '/indexes?limit=1000');
    return (data.results || []).map((i) => i.uid);
  }

  async deleteIndex(uid) {
    const { status, data } = await this.request('DELETE', `/indexes/${uid}`);
    if (status === 404) return;
    await this.waitTask(data.taskUid);
  }

  async createIndex(uid, primaryKey) {
    const { data } = await this.request('POST', '/indexes', { uid, primaryKey });
    await this.waitTask(data.taskUid);
  }

  async updateSettings(uid, settings) {
    const { data } = await this.request('PATCH', `/indexes/${uid}/settings`, settings);
    await this.waitTask(data.taskUid);
  }

  async addDocuments(uid, docs) {
    const { data } = await this.request('POST', `/indexes/${uid}/documents`, docs);
    return data.taskUid;
  }

  async stats(uid) {
    const { data } = await this.request('GET', `/indexes/${uid}/stats`);
    return data;
  }
}

async function loadJson(file) {
  return JSON.parse(await fs.readFile(file, 'utf8'));
}

async function fixturesFor(kind) {
  const dir = path.join(FIXTURE_DIR, kind);
  let files = [];
  try {
    files = (await fs.readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const docs = [];
  for (const f of files) docs.push(...(await loadJson(path.join(dir, f))));
  return docs;
}

function chunks(list, size) {
  const out = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

async function rebuild(meili, kind) {
  const uid = PREFIX + kind;
  const settings = await loadJson(path.join(SETTINGS_DIR, `${kind}.json`));
  const primaryKey = settings.primaryKey || 'id';
  delete settings.primaryKey;
  await meili.deleteIndex(uid);
  await meili.createIndex(uid, primaryKey);
  await meili.updateSettings(uid, settings);
  const docs = await fixturesFor(kind);
  const tasks = [];
  for (const part of chunks(docs, BATCH)) tasks.push(await meili.addDocuments(uid, part));
  for (const t of tasks) await meili.waitTask(t);
  const stats = await meili.stats(uid);
  return { uid, expected: docs.length, actual: stats.numberOfDocuments };
}

async function kindsFromSettings() {
  return (await fs.readdir(SETTINGS_DIR)).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
}

async function dropStrays(meili, kinds) {
  // test indices whose settings file was deleted
  const wanted = new Set(kinds.map((k) => PREFIX + k));
  for (const uid of await meili.listIndexes()) {
    if (uid.startsWith(PREFIX) && !wanted.has(uid)) {
      await meili.deleteIndex(uid);
      console.log(`dropped stray ${uid}`);
    }
  }
}

async function main() {
  assertLocal(MEILI_URL);
  const env = readEnvFile();
  const key = process.env.MEILI_MASTER_KEY || env.MEILI_MASTER_KEY || '';
  const meili = new Meili(MEILI_URL, key);
  const health = await meili.health().catch(() => null);
  if (health !== 'available') throw new Error(`no Meilisearch at ${MEILI_URL} (docker compose up -d meili)`);

  const only = process.argv.slice(2);
  const kinds = only.length ? only : await kindsFromSettings();
  if (!only.length) await dropStrays(meili, kinds);
  let bad = 0;
  for (const kind of kinds) {
    const r = await rebuild(meili, kind);
    const ok = r.expected === r.actual;
    if (!ok) bad++;
    console.log(`${ok ? 'ok ' : 'ERR'} ${r.uid}: ${r.actual}/${r.expected} documents`);
  }
  if (bad) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

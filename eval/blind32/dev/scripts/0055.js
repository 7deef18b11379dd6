#!/usr/bin/env node
// Export Metabase dashboards and their cards from the local Metabase
// (http://localhost:3000) into reports/metabase/ as stable JSON, so changes to
// dashboards can be reviewed in pull requests.
//
// Authentication: MB_USER / MB_PASSWORD from .env -> POST /api/session, the
// session id is sent as X-Metabase-Session.  With MB_API_KEY set the API key
// header is used instead.  Only GET requests are made besides the login; the
// session is closed (DELETE /api/session) at the end.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'reports', 'metabase');
const VOLATILE = new Set([
  'updated_at', 'created_at', 'last_used_at', 'last-edit-info', 'view_count',
  'cache_invalidated_at', 'last_viewed_at', 'average_query_time',
]);

function loadEnv() {
  const file = path.join(ROOT, '.env');
  const out = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split(/\n/)) {
      const i = line.indexOf('=');
      if (i > 0 && !line.trimStart().startsWith('#')) {
        out[line.slice(0, i).trim()] = line.slice(i + 1).trim().replace(/^['"]|['"]$/g, '');
      }
    }
  }
  return { ...out, ...process.env };
}

class Metabase {
  constructor(base) {
    this.base = base.replace(/\/$/, '');
    this.headers = { 'Content-Type': 'application/json' };
    this.session = null;
    this.requests = 0;
  }

  async login(env) {
    if (env.MB_API_KEY) {
      this.headers['x-api-key'] = env.MB_API_KEY;
      return;
    }
    if (!env.MB_USER || !env.MB_PASSWORD) throw new Error('MB_USER/MB_PASSWORD or MB_API_KEY required');
    const res = await fetch(`${this.base}/api/session`, {
      method: 'POST',
      headers: this.headers,
      body: JSON.stringify({ username: env.MB_USER, password: env.MB_PASSWORD }),
    });
    if (!res.ok) throw new Error(`login failed: ${res.status}`);
    this.session = (await res.json()).id;
    this.headers['X-Metabase-Session'] = this.session;
  }

  async logout() {
    if (!this.session) return;
    await fetch(`${this.base}/api/session`, { method: 'DELETE', headers: this.headers }).catch(() => {});
    this.session = null;
  }

  async get(pathname) {
    for (let attempt = 0; attempt < 4; attempt++) {
      this.requests++;
      const res = await fetch(`${this.base}${pathname}`, { headers: this.headers });
      if (res.ok) return res.json();
      if (res.status === 404) return null;
      if (res.status >= 500) {
        await new Promise((r) => setTimeout(r, 400 * 2 ** attempt));
        continue;
      }
      throw new Error(`GET ${pathname}: ${res.status}`);
    }
    throw new Error(`GET ${pathname}: giving up`);
  }
}

function stable(value) {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    const out = {};
    for (const key of Object.keys(value).sort()) {
      if (!VOLATILE.has(key)) out[key] = stable(value[key]);
    }
    return out;
  }
  return value;
}

function slug(text) {
  return String(text).toLowerCase().normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'untitled';
}

function writeJson(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(stable(data), null, 2) + '\n');
  fs.renameSync(tmp, file);
}

function cardSummary(card) {
  const q = card.dataset_query || {};
  return {
    id: card.id,
    name: card.name,
    display: card.display,
    database: q.database,
    type: q.type,
    sql: q.native ? q.native.query : undefined,
  };
}

async function exportDashboard(mb, id) {
  const dash = await mb.get(`/api/dashboard/${id}`);
  if (!dash) return null;
  const dir = path.join(OUT, `${String(dash.id).padStart(3, '0')}-${slug(dash.name)}`);
  const cards = [];
  for (const dc of dash.dashcards || dash.ordered_cards || []) {
    if (!dc.card || !dc.card.id) continue; // text boxes and headings
    const card = await mb.get(`/api/card/${dc.card.id}`);
    if (!card) continue;
    writeJson(path.join(dir, 'cards', `${card.id}-${slug(card.name)}.json`), card);
    cards.push({ ...cardSummary(card), row: dc.row, col: dc.col, size_x: dc.size_x, size_y: dc.size_y });
  }
  writeJson(path.join(dir, 'dashboard.json'), {
    id: dash.id,
    name: dash.name,
    description: dash.description,
    collection_id: dash.collection_id,
    parameters: dash.parameters,
    cards,
  });
  return { id: dash.id, name: dash.name, cards: cards.length, dir: path.relative(ROOT, dir) };
}

function removeStale(exported) {
  if (!fs.existsSync(OUT)) return [];
  const keep = new Set(exported.map((e) => path.basename(e.dir)));
  const removed = [];
  for (const entry of fs.readdirSync(OUT, { withFileTypes: true })) {
    // only our own numbered export folders inside reports/metabase
    if (entry.isDirectory() && /^\d{3}-/.test(entry.name) && !keep.has(entry.name)) {
      fs.rmSync(path.join(OUT, entry.name), { recursive: true, force: true });
      removed.push(entry.name);
    }
  }
  return removed;
}

async function main() {
  const env = loadEnv();
  const base = env.MB_URL || 'http://localhost:3000';
  const host = new URL(base).hostname;
  if (host !== 'localhost' && host !== '127.0.0.1' && !host.endsWith('.internal')) {
    throw new Error(`MB_URL must be local or internal, got ${host}`);
  }
  const wanted = process.argv.slice(2).map(Number).filter(Boolean);
  const mb = new Metabase(base);
  await mb.login(env);
  try {
    const list = await mb.get('/api/dashboard/');
    const ids = (list || []).filter((d) => !d.archived).map((d) => d.id)
      .filter((id) => !wanted.length || wanted.includes(id));
    const exported = [];
    for (const id of ids) {
      const result = await exportDashboard(mb, id);
      if (result) {
        exported.push(result);
        console.log(`${String(result.id).padStart(4)}  ${result.name} (${result.cards} cards)`);
      }
    }
    const removed = wanted.length ? [] : removeStale(exported);
    for (const name of removed) console.log(`removed stale export ${name}`);
    writeJson(path.join(OUT, 'index.json'), { base, dashboards: exported });
    console.log(`${exported.length} dashboards, ${mb.requests} requests`);
  } finally {
    await mb.logout();
  }
}

main().catch((err) => {
  console.error(`metabase export failed: ${err.message}`);
  process.exit(1);
});

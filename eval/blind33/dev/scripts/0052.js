#!/usr/bin/env node
// Export n8n workflows from the local instance through its public REST API
// into automation/workflows/, one normalised JSON file per workflow.
//
//   N8N_API_KEY=... node scripts/n8n-export.js
//   node scripts/n8n-export.js --active-only --tag billing
//   node scripts/n8n-export.js --check     CI mode: exit 1 if files would change
//
// The API key is read from the environment or the project's .env and sent
// only to the n8n instance at N8N_URL (default http://localhost:5678), which
// must be local or *.internal. Credentials are never requested.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'automation', 'workflows');
const VOLATILE = ['id', 'versionId', 'createdAt', 'updatedAt', 'shared', 'pinData', 'triggerCount', 'staticData'];

function loadEnv() {
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return;
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const idx = line.indexOf('=');
    if (idx < 0) continue;
    const key = line.slice(0, idx).trim();
    if (!(key in process.env)) process.env[key] = line.slice(idx + 1).trim().replace(/^"(.*)"$/, '$1');
  }
}

function baseUrl() {
  const url = new URL(process.env.N8N_URL || 'http://localhost:5678');
  const ok = ['localhost', '127.0.0.1'].includes(url.hostname) || url.hostname.endsWith('.internal');
  if (!ok) throw new Error(`N8N_URL host ${url.hostname} is not local or *.internal`);
  return url.origin;
}

function mask(key) {
  return key ? `${key.slice(0, 4)}…(${key.length})` : '(unset)';
}

class N8nClient {
  constructor(origin, apiKey) {
    this.origin = origin;
    this.apiKey = apiKey;
  }

  async get(route, params = {}) {
    const url = new URL(`/api/v1${route}`, this.origin);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(url, { headers: { 'X-N8N-API-KEY': this.apiKey, accept: 'application/json' } });
      if (res.status === 429 && attempt < 5) {
        const wait = Number(res.headers.get('retry-after') || 1) * 1000;
        await new Promise((r) => setTimeout(r, wait));
        continue;
      }
      if (!res.ok) throw new Error(`GET ${route}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
      return res.json();
    }
  }

  async *workflows(filter) {
    let cursor;
    do {
      const page = await this.get('/workflows', { limit: 100, cursor, active: filter.active, tags: filter.tags });
      for (const wf of page.data) yield wf;
      cursor = page.nextCursor;
    } while (cursor);
  }
}

function slug(name) {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys(value[k])]),
    );
  }
  return value;
}

function normalise(wf) {
  const copy = structuredClone(wf);
  for (const key of VOLATILE) delete copy[key];
  copy.nodes = (copy.nodes || [])
    .map((node) => {
      const n = { ...node };
      delete n.id;
      delete n.webhookId;
      if (Array.isArray(n.position)) n.position = n.position.map(Math.round);
      if (n.credentials) {
        // keep the credential *name* so the workflow can be re-linked; drop ids
        n.credentials = Object.fromEntries(
          Object.entries(n.credentials).map(([type, ref]) => [type, { name: ref.name }]),
        );
      }
      return n;
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  copy.tags = (copy.tags || []).map((t) => t.name).sort();
  return sortKeys(copy);
}

function writeIfChanged(file, text, check) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (current === text) return false;
  if (!check) {
    const tmp = `${file}.tmp`;
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, file);
  }
  return true;
}

async function main() {
  const { values } = parseArgs({
    options: {
      'active-only': { type: 'boolean', default: false },
      tag: { type: 'string' },
      check: { type: 'boolean', default: false },
      prune: { type: 'boolean', default: false },
    },
  });
  loadEnv();
  const apiKey = process.env.N8N_API_KEY;
  if (!apiKey) throw new Error('N8N_API_KEY is not set (n8n → Settings → n8n API)');
  const origin = baseUrl();
  console.error(`n8n at ${origin}, key ${mask(apiKey)}`);

  const client = new N8nClient(origin, apiKey);
  fs.mkdirSync(OUT, { recursive: true });
  const seen = new Map();
  const changed = [];
  const filter = { active: values['active-only'] ? true : undefined, tags: values.tag };
  for await (const wf of client.workflows(filter)) {
    const name = slug(wf.name);
    if (!name) throw new Error(`workflow ${wf.id} has no usable name`);
    if (seen.has(name)) throw new Error(`"${wf.name}" and "${seen.get(name)}" both map to ${name}.json`);
    seen.set(name, wf.name);
    const file = path.join(OUT, `${name}.json`);
    const text = `${JSON.stringify(normalise(wf), null, 2)}\n`;
    if (writeIfChanged(file, text, values.check)) changed.push(path.relative(ROOT, file));
  }

  const stale = fs
    .readdirSync(OUT)
    .filter((f) => f.endsWith('.json') && !seen.has(f.slice(0, -5)));
  if (values.prune && !values.check && !values.tag && !values['active-only']) {
    for (const f of stale) {
      fs.unlinkSync(path.join(OUT, f));
      console.log(`removed automation/workflows/${f} (deleted in n8n)`);
    }
  } else if (stale.length) {
    console.log(`not in n8n any more: ${stale.join(', ')} (use --prune to remove)`);
  }

  for (const f of changed) console.log(`${values.check ? 'would update' : 'updated'} ${f}`);
  console.log(`${seen.size} workflow(s), ${changed.length} changed`);
  if (values.check && changed.length) process.exitCode = 1;
}

main().catch((err) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 2;
});

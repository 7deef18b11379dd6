#!/usr/bin/env node
// cms/scripts/seed-local.js - load demo content into the LOCAL Strapi instance.
//
// 1. logs into the local admin with the credentials from cms/.env
//    (STRAPI_SEED_EMAIL / STRAPI_SEED_PASSWORD, created by `strapi admin:create-user`)
// 2. creates a short-lived full-access API token for the seeding run
// 3. deletes existing entries of the seeded content types (local only!)
// 4. uploads images from cms/seed/media and creates entries from cms/seed/*.json
// 5. revokes the API token again
//
// STRAPI_URL must be localhost; the script refuses anything else.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');

const CMS = path.resolve(__dirname, '..');
const SEED_DIR = path.join(CMS, 'seed');
const MEDIA_DIR = path.join(SEED_DIR, 'media');
const STRAPI_URL = (process.env.STRAPI_URL || 'http://localhost:1337').replace(/\/$/, '');
const CONTENT_TYPES = ['categories', 'authors', 'articles', 'pages'];

function env() {
  const file = path.join(CMS, '.env');
  const vars = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = line.match(/^([A-Z0-9_]+)=(.*)$/);
      if (m) vars[m[1]] = m[2].trim().replace(/^"|"$/g, '');
    }
  }
  return { ...vars, ...process.env };
}

function assertLocal() {
  const host = new URL(STRAPI_URL).hostname;
  if (host !== 'localhost' && host !== '127.0.0.1') {
    throw new Error(`STRAPI_URL is ${STRAPI_URL}; seeding deletes content and only runs locally`);
  }
}

async function http(method, url, { token, json, form } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let body;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    body = form;
  }
  const res = await fetch(STRAPI_URL + url, { method, headers, body });
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!res.ok) {
    const msg = data && data.error ? data.error.message : text.slice(0, 200);
    throw new Error(`${method} ${url} -> ${res.status}: ${msg}`);
  }
  return data;
}

async function adminLogin(vars) {
  if (!vars.STRAPI_SEED_EMAIL || !vars.STRAPI_SEED_PASSWORD) {
    throw new Error('set STRAPI_SEED_EMAIL and STRAPI_SEED_PASSWORD in cms/.env');
  }
  const data = await http('POST', '/admin/login', {
    json: { email: vars.STRAPI_SEED_EMAIL, password: vars.STRAPI_SEED_PASSWORD },
  });
  return data.data.token;
}

async function createApiToken(adminJwt) {
  const data = await http('POST', '/admin/api-tokens', {
    token: adminJwt,
    json: { name: `seed-${Date.now()}`, type: 'full-access', lifespan: 7 * 24 * 3600 * 1000, description: 'local seeding run' },
  });
  return { id: data.data.id, accessKey: data.data.accessKey };
}

async function revokeApiToken(adminJwt, id) {
  await http('DELETE', `/admin/api-tokens/${id}`, { token: adminJwt });
}

async function listIds(token, type) {
  const ids = [];
  let page = 1;
  for (;;) {
    const data = await http('GET', `/api/${type}?pagination[page]=${page}&pagination[pageSize]=100&fields[0]=id`, { token });
    ids.push(...data.data.map((d) => d.documentId || d.id));
    if (page >= data.meta.pagination.pageCount) break;
    page++;
  }
  return ids;
}

async function wipe(token, type) {
  const ids = await listIds(token, type);
  for (const id of ids) await http('DELETE', `/api/${type}/${id}`, { token });
  return ids.length;
}

async function uploadMedia(token) {
  const map = {};
  if (!fs.existsSync(MEDIA_DIR)) return map;
  for (const name of (await fsp.readdir(MEDIA_DIR)).sort()) {
    const buf = await fsp.readFile(path.join(MEDIA_DIR, name));
    const form = new FormData();
    form.append('files', new Blob([buf]), name);
    const [file] = await http('POST', '/api/upload', { token, form });
    map[name] = file.id;
  }
  return map;
}

function resolveRefs(entry, media, created) {
  const out = {};
  for (const [k, v] of Object.entries(entry)) {
    if (typeof v === 'string' && v.startsWith('media:')) out[k] = media[v.slice(6)];
    else if (typeof v === 'string' && v.startsWith('ref:')) {
      const [type, slug] = v.slice(4).split('/');
      out[k] = created[type] && created[type][slug];
    } else out[k] = v;
  }
  return out;
}

async function seedType(token, type, media, created) {
  const file = path.join(SEED_DIR, `${type}.json`);
  if (!fs.existsSync(file)) return 0;
  const entries = JSON.parse(await fsp.readFile(file, 'utf8'));
  created[type] = {};
  for (const entry of entries) {
    const data = await http('POST', `/api/${type}`, { token, json: { data: resolveRefs(entry, media, created) } });
    created[type][entry.slug] = data.data.documentId || data.data.id;
  }
  return entries.length;
}

async function waitForStrapi(timeoutMs = 60000) {
  // `npm run develop` rebuilds the admin on first start and can take a while
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(`${STRAPI_URL}/_health`);
      if (res.status === 204 || res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`Strapi did not answer at ${STRAPI_URL} (is \`npm run develop\` running?)`);
}

async function main() {
  assertLocal();
  await waitForStrapi();
  const vars = env();
  const adminJwt = await adminLogin(vars);
  const apiToken = await createApiToken(adminJwt);
  try {
    for (const type of [...CONTENT_TYPES].reverse()) {
      const n = await wipe(apiToken.accessKey, type);
      if (n) console.log(`deleted ${n} ${type}`);
    }
    const media = await uploadMedia(apiToken.accessKey);
    console.log(`uploaded ${Object.keys(media).length} media file(s)`);
    const created = {};
    for (const type of CONTENT_TYPES) {
      const n = await seedType(apiToken.accessKey, type, media, created);
      console.log(`created ${n} ${type}`);
    }
  } finally {
    await revokeApiToken(adminJwt, apiToken.id).catch((err) => console.warn(`token revoke failed: ${err.message}`));
  }
  console.log(`done: ${STRAPI_URL}/admin`);
}

main().catch((err) => {
  console.error(`seed-local: ${err.message}`);
  process.exitCode = 1;
});

#!/usr/bin/env node
// scripts/seed-cms.js - fill the local Strapi with fixture content.
//
//   node scripts/seed-cms.js                 # create missing fixtures
//   node scripts/seed-cms.js --reset         # delete fixture entries first
//   STRAPI_URL=http://localhost:1337 node scripts/seed-cms.js
//
// Talks to the Strapi REST API with STRAPI_API_TOKEN from cms/.env. The
// --reset path deletes entries, so it only runs when STRAPI_URL points at
// localhost; anything else is refused.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const FIXTURES = path.join(ROOT, 'fixtures', 'cms');
const UPLOADS = path.join(FIXTURES, 'media');
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function env() {
  const file = path.join(ROOT, 'cms', '.env');
  const vars = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split(/\n/)) {
      const idx = line.indexOf('=');
      if (idx > 0 && !line.startsWith('#')) vars[line.slice(0, idx).trim()] = line.slice(idx + 1).trim();
    }
  }
  return { ...vars, ...process.env };
}

const E = env();
const BASE = (E.STRAPI_URL || 'http://localhost:1337').replace(/\/$/, '');
const TOKEN = E.STRAPI_API_TOKEN;
const RESET = process.argv.includes('--reset');
const DRY = process.argv.includes('--dry-run');

function assertLocal() {
  const host = new URL(BASE).hostname;
  if (!LOCAL_HOSTS.has(host)) {
    throw new Error(`STRAPI_URL host ${host} is not local; seeding/reset is for local instances only`);
  }
}

async function api(method, route, body, attempt = 1) {
  const res = await fetch(`${BASE}/api${route}`, {
    method,
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      ...(body && !(body instanceof FormData) ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 500 && attempt < 4) {
    await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
    return api(method, route, body, attempt + 1);
  }
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : {};
}

function loadFixtures() {
  const files = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.json')).sort();
  return files.map((f) => {
    const data = JSON.parse(fs.readFileSync(path.join(FIXTURES, f), 'utf8'));
    if (!data.collection || !Array.isArray(data.entries)) {
      throw new Error(`${f}: needs {collection, entries[]}`);
    }
    return { file: f, ...data };
  });
}

async function findBySlug(collection, slug) {
  const q = new URLSearchParams({ 'filters[slug][$eq]': slug, 'pagination[pageSize]': '1' });
  const res = await api('GET', `/${collection}?${q}`);
  return res.data?.[0] || null;
}

async function uploadMedia(fileName) {
  const p = path.join(UPLOADS, fileName);
  if (!fs.existsSync(p)) throw new Error(`missing media fixture ${fileName}`);
  const form = new FormData();
  const blob = new Blob([fs.readFileSync(p)]);
  form.append('files', blob, fileName);
  const res = await api('POST', '/upload', form);
  return res[0]?.id;
}

const mediaCache = new Map();

async function resolveMedia(entry) {
  const out = { ...entry };
  for (const [key, value] of Object.entries(entry)) {
    if (typeof value === 'string' && value.startsWith('media:')) {
      const name = value.slice(6);
      if (!mediaCache.has(name)) mediaCache.set(name, await uploadMedia(name));
      out[key] = mediaCache.get(name);
    }
  }
  return out;
}

async function resetCollection(fixture) {
  let removed = 0;
  for (const entry of fixture.entries) {
    const existing = await findBySlug(fixture.collection, entry.slug);
    if (!existing) continue;
    const id = existing.documentId || existing.id;
    if (DRY) {
      console.log(`would delete ${fixture.collection}/${entry.slug}`);
      continue;
    }
    await api('DELETE', `/${fixture.collection}/${id}`);
    removed++;
  }
  return removed;
}

async function seedCollection(fixture) {
  let created = 0;
  let skipped = 0;
  for (const entry of fixture.entries) {
    if (!entry.slug) throw new Error(`${fixture.file}: every entry needs a slug`);
    const existing = await findBySlug(fixture.collection, entry.slug);
    if (existing) {
      skipped++;
      continue;
    }
    if (DRY) {
      console.log(`would create ${fixture.collection}/${entry.slug}`);
      continue;
    }
    const data = await resolveMedia(entry);
    await api('POST', `/${fixture.collection}`, { data });
    created++;
  }
  return { created, skipped };
}

async function ping() {
  try {
    const res = await fetch(`${BASE}/_health`);
    if (res.status !== 204 && res.status !== 200) throw new Error(`status ${res.status}`);
  } catch (err) {
    throw new Error(`Strapi not reachable at ${BASE} (${err.message}); run npm run develop in cms/`);
  }
}

function checkFixtureOrder(fixtures) {
  // relations must point at collections seeded earlier in the list
  const seen = new Set();
  for (const fx of fixtures) {
    for (const entry of fx.entries) {
      for (const value of Object.values(entry)) {
        if (typeof value === 'string' && value.startsWith('ref:')) {
          const target = value.slice(4).split('/')[0];
          if (!seen.has(target) && target !== fx.collection) {
            throw new Error(`${fx.file}: ${entry.slug} references ${target} which is seeded later`);
          }
        }
      }
    }
    seen.add(fx.collection);
  }
}

async function main() {
  assertLocal();
  if (!TOKEN) throw new Error('STRAPI_API_TOKEN missing in cms/.env (Settings → API Tokens)');
  await ping();
  const fixtures = loadFixtures();
  checkFixtureOrder(fixtures);
  console.log(`${fixtures.length} fixture file(s) against ${BASE}`);
  if (RESET) {
    for (const fx of [...fixtures].reverse()) {
      const n = await resetCollection(fx);
      if (n) console.log(`${fx.collection}: removed ${n}`);
    }
  }
  let total = 0;
  for (const fx of fixtures) {
    const { created, skipped } = await seedCollection(fx);
    total += created;
    console.log(`${fx.collection.padEnd(20)} +${created} (${skipped} already present)`);
  }
  console.log(`${total} entr${total === 1 ? 'y' : 'ies'} created, ${mediaCache.size} media uploaded`);
}

main().catch((err) => {
  console.error(`seed-cms: ${err.message}`);
  process.exit(1);
});

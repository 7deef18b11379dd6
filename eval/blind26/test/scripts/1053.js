#!/usr/bin/env node
// scripts/pull-content.js - build-time content export from Contentful.
//
// Reads published entries through the Content Delivery API (cdn.contentful.com)
// with the read-only delivery token from .env, resolves links one level deep,
// and writes content/<contentType>.json for the static site generator.
// The delivery token only grants read access to published content.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'content');
const CDA = 'https://cdn.contentful.com';
// maximum page size the Delivery API accepts for /entries
const PAGE = 500;

function readEnv() {
  const env = { ...process.env };
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const line of text.split('\n')) {
      const match = line.trim().match(/^([A-Z0-9_]+)=(.*)$/);
      if (match && env[match[1]] === undefined) env[match[1]] = match[2];
    }
  }
  return env;
}

const ENV = readEnv();
const SPACE = ENV.CONTENTFUL_SPACE_ID;
const TOKEN = ENV.CONTENTFUL_DELIVERY_TOKEN;
const ENVIRONMENT = ENV.CONTENTFUL_ENVIRONMENT || 'master';
const LOCALE = ENV.CONTENTFUL_LOCALE || 'en-US';

async function cda(route, params = {}, attempt = 1) {
  const url = new URL(`${CDA}/spaces/${SPACE}/environments/${ENVIRONMENT}${route}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  const res = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
  if (res.status === 429 && attempt < 6) {
    const reset = Number(res.headers.get('x-contentful-ratelimit-reset') || 1);
    await new Promise((r) => setTimeout(r, reset * 1000));
    return cda(route, params, attempt + 1);
  }
  if (!res.ok) throw new Error(`CDA ${route}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function contentTypes() {
  const res = await cda('/content_types', { limit: 1000 });
  return res.items.map((ct) => ({ id: ct.sys.id, name: ct.name, fields: ct.fields.map((f) => f.id) }));
}

async function allEntries(typeId) {
  const items = [];
  const includes = { Entry: new Map(), Asset: new Map() };
  let skip = 0;
  for (;;) {
    const res = await cda('/entries', {
      content_type: typeId,
      locale: LOCALE,
      include: 1,
      limit: PAGE,
      skip,
      order: 'sys.createdAt',
    });
    items.push(...res.items);
    for (const e of res.includes?.Entry || []) includes.Entry.set(e.sys.id, e);
    for (const a of res.includes?.Asset || []) includes.Asset.set(a.sys.id, a);
    skip += res.items.length;
    if (skip >= res.total || res.items.length === 0) break;
  }
  return { items, includes };
}

function resolveValue(value, includes) {
  if (Array.isArray(value)) return value.map((v) => resolveValue(v, includes));
  if (value && value.sys && value.sys.type === 'Link') {
    const target = includes[value.sys.linkType]?.get(value.sys.id);
    if (!target) return { id: value.sys.id, unresolved: true };
    if (value.sys.linkType === 'Asset') {
      const file = target.fields.file || {};
      return {
        id: target.sys.id,
        title: target.fields.title,
        url: file.url ? `https:${file.url}` : null,
        width: file.details?.image?.width,
        height: file.details?.image?.height,
      };
    }
    return { id: target.sys.id, type: target.sys.contentType.sys.id, ...target.fields };
  }
  return value;
}

function flatten(entry, includes) {
  const out = { id: entry.sys.id, updatedAt: entry.sys.updatedAt };
  for (const [k, v] of Object.entries(entry.fields)) out[k] = resolveValue(v, includes);
  return out;
}

// Duplicate slugs make the static site generator silently overwrite pages,
// so they fail the build; empty slugs only warn (drafts of new pages).
// Types without a slug field are skipped.
//
// Returns a list of human-readable problems.
function slugCheck(typeId, docs) {
  const seen = new Map();
  const problems = [];
  for (const d of docs) {
    if (!('slug' in d)) continue;
    if (!d.slug) problems.push(`${typeId}/${d.id}: empty slug`);
    else if (seen.has(d.slug)) problems.push(`${typeId}: duplicate slug "${d.slug}" (${seen.get(d.slug)}, ${d.id})`);
    else seen.set(d.slug, d.id);
  }
  return problems;
}

function richTextToPlain(node) {
  // used for search excerpts: flatten a Rich Text document to plain text
  if (!node || typeof node !== 'object') return '';
  if (node.nodeType === 'text') return node.value || '';
  const inner = (node.content || []).map(richTextToPlain).join('');
  return ['paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-item'].includes(node.nodeType)
    ? `${inner}\n`
    : inner;
}

function searchIndex(allDocs) {
  const index = [];
  for (const [type, docs] of Object.entries(allDocs)) {
    for (const d of docs) {
      const body = d.body && d.body.nodeType === 'document' ? richTextToPlain(d.body) : '';
      index.push({
        id: d.id,
        type,
        title: d.title || d.name || '',
        slug: d.slug || null,
        excerpt: body.replace(/\s+/g, ' ').trim().slice(0, 240),
      });
    }
  }
  return index;
}

function writeJson(file, data) {
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(data, null, 2) + '\n');
  fs.renameSync(tmp, file);
}

async function main() {
  if (!SPACE || !TOKEN) throw new Error('CONTENTFUL_SPACE_ID and CONTENTFUL_DELIVERY_TOKEN are required');
  const only = process.argv.slice(2);
  fs.mkdirSync(OUT, { recursive: true });
  const types = (await contentTypes()).filter((t) => !only.length || only.includes(t.id));
  const problems = [];
  const manifest = {};
  const allDocs = {};
  for (const type of types) {
    const { items, includes } = await allEntries(type.id);
    const docs = items.map((e) => flatten(e, includes));
    allDocs[type.id] = docs;
    problems.push(...slugCheck(type.id, docs));
    writeJson(path.join(OUT, `${type.id}.json`), docs);
    manifest[type.id] = docs.length;
    console.log(`${type.id.padEnd(24)} ${String(docs.length).padStart(5)} entries`);
  }
  writeJson(path.join(OUT, '_search.json'), searchIndex(allDocs));
  writeJson(path.join(OUT, '_manifest.json'), { generatedAt: new Date().toISOString(), environment: ENVIRONMENT, counts: manifest });
  for (const p of problems) console.warn(`warning: ${p}`);
  process.exitCode = problems.some((p) => p.includes('duplicate')) ? 1 : 0;
}

main().catch((err) => {
  console.error(`pull-content: ${err.message}`);
  process.exitCode = 1;
});

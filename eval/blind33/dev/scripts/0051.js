#!/usr/bin/env node
// Build the Chroma collection that backs the docs search in the dev server.
//
//   node scripts/index-docs-chroma.js               incremental
//   node scripts/index-docs-chroma.js --reset       delete + recreate OUR collection
//   node scripts/index-docs-chroma.js --query "how do I rotate keys"
//
// Talks only to the local Chroma started by `docker compose up chroma`
// (CHROMA_URL, default http://localhost:8000). Embeddings come from the
// OpenAI API when OPENAI_API_KEY is set, otherwise from a deterministic
// hashing embedder so tests run offline.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const crypto = require('node:crypto');
const { parseArgs } = require('node:util');

const ROOT = path.resolve(__dirname, '..');
const DOCS = path.join(ROOT, 'docs');
const STATE = path.join(ROOT, '.cache', 'chroma-index.json');
const CHROMA_URL = process.env.CHROMA_URL || 'http://localhost:8000';
const COLLECTION = process.env.CHROMA_COLLECTION || 'docs_dev';
const OUR_PREFIXES = ['docs_', 'test_'];
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', 'chroma']);
const DIM = 256;

function loadDotEnv(file) {
  if (!fs.existsSync(file)) return;
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m && !(m[1] in process.env)) process.env[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
  }
}

function assertLocal(url) {
  const host = new URL(url).hostname;
  if (!LOCAL_HOSTS.has(host)) {
    throw new Error(`refusing to index into non-local Chroma at ${host}`);
  }
}

async function chroma(method, route, body) {
  const url = `${CHROMA_URL}/api/v1${route}`;
  let delay = 300;
  for (let attempt = 1; ; attempt++) {
    let res;
    try {
      res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      if (attempt >= 4) throw new Error(`cannot reach Chroma at ${CHROMA_URL}: ${err.message}`);
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    if (res.status >= 500 && attempt < 4) {
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  }
}

async function getCollection(name, create) {
  try {
    return await chroma('GET', `/collections/${encodeURIComponent(name)}`);
  } catch (err) {
    if (!create) return null;
  }
  return chroma('POST', '/collections', { name, metadata: { 'hnsw:space': 'cosine' }, get_or_create: true });
}

async function* walk(dir) {
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (/\.(md|mdx)$/.test(entry.name)) yield full;
  }
}

function chunk(text, file, max = 1200) {
  const rel = path.relative(ROOT, file);
  const out = [];
  let heading = path.basename(file);
  let buf = [];
  const flush = () => {
    let body = buf.join('\n').trim();
    while (body) {
      out.push({ file: rel, heading, text: body.slice(0, max) });
      body = body.slice(max);
    }
    buf = [];
  };
  for (const line of text.split('\n')) {
    const m = line.match(/^#{1,4}\s+(.*)/);
    if (m) {
      flush();
      heading = m[1].trim();
    } else {
      buf.push(line);
    }
  }
  flush();
  return out;
}

function hashEmbed(text) {
  const v = new Float64Array(DIM);
  for (const tok of text.toLowerCase().match(/[a-z0-9]+/g) || []) {
    const h = crypto.createHash('md5').update(tok).digest();
    v[h.readUInt16BE(0) % DIM] += h[2] & 1 ? 1 : -1;
  }
  const norm = Math.hypot(...v) || 1;
  return Array.from(v, (x) => x / norm);
}

async function openaiEmbed(texts) {
  const res = await fetch('https://api.openai.com/v1/embeddings', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${process.env.OPENAI_API_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ model: 'text-embedding-3-small', input: texts, dimensions: DIM }),
  });
  if (!res.ok) throw new Error(`OpenAI embeddings: ${res.status} ${(await res.text()).slice(0, 200)}`);
  const json = await res.json();
  return json.data.map((d) => d.embedding);
}

async function embed(texts) {
  if (process.env.OPENAI_API_KEY) return openaiEmbed(texts);
  return texts.map(hashEmbed);
}

function readState() {
  try {
    return JSON.parse(fs.readFileSync(STATE, 'utf8'));
  } catch {
    return {};
  }
}

function writeState(state) {
  fs.mkdirSync(path.dirname(STATE), { recursive: true });
  const tmp = `${STATE}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state, null, 2));
  fs.renameSync(tmp, STATE);
}

async function reset(name) {
  if (!OUR_PREFIXES.some((p) => name.startsWith(p))) {
    throw new Error(`--reset only works on collections starting with ${OUR_PREFIXES.join(', ')}`);
  }
  const existing = await getCollection(name, false);
  if (existing) {
    await chroma('DELETE', `/collections/${encodeURIComponent(name)}`);
    console.log(`deleted local collection ${name}`);
  }
}

async function query(col, text, n = 5) {
  const [vec] = await embed([text]);
  const res = await chroma('POST', `/collections/${col.id}/query`, {
    query_embeddings: [vec],
    n_results: n,
    include: ['metadatas', 'distances'],
  });
  res.ids[0].forEach((id, i) => {
    const meta = res.metadatas[0][i];
    console.log(`${res.distances[0][i].toFixed(3)}  ${meta.file}  #${meta.heading}`);
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      query: { type: 'string' },
      batch: { type: 'string', default: '64' },
    },
  });
  loadDotEnv(path.join(ROOT, '.env'));
  assertLocal(CHROMA_URL);

  if (values.reset) await reset(COLLECTION);
  const col = await getCollection(COLLECTION, true);
  if (values.query) return query(col, values.query);

  const state = values.reset ? {} : readState();
  const pending = [];
  for await (const file of walk(DOCS)) {
    const content = await fsp.readFile(file, 'utf8');
    const digest = crypto.createHash('sha256').update(content).digest('hex');
    const rel = path.relative(ROOT, file);
    if (state[rel] === digest) continue;
    state[rel] = digest;
    pending.push(...chunk(content, file));
  }
  const size = Number(values.batch);
  for (let i = 0; i < pending.length; i += size) {
    const group = pending.slice(i, i + size);
    const vectors = await embed(group.map((c) => c.text));
    await chroma('POST', `/collections/${col.id}/upsert`, {
      ids: group.map((c) => crypto.createHash('sha1').update(`${c.file}#${c.heading}#${c.text.slice(0, 64)}`).digest('hex')),
      embeddings: vectors,
      documents: group.map((c) => c.text),
      metadatas: group.map((c) => ({ file: c.file, heading: c.heading })),
    });
    console.log(`upserted ${Math.min(i + size, pending.length)}/${pending.length}`);
  }
  writeState(state);
  const count = await chroma('GET', `/collections/${col.id}/count`);
  console.log(`${COLLECTION}: ${count} chunks (${pending.length} updated)`);
}

main().catch((err) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 1;
});

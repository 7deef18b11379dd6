#!/usr/bin/env node
// Build the semantic search index for the help-center articles.
//
// Reads content/help/**/*.md, splits them into chunks, embeds each chunk with
// the OpenAI embeddings API (api.openai.com, OPENAI_API_KEY from the
// environment or the project's .env.local) and writes data/search-index.json.
// Embeddings are cached by content hash in .cache/embeddings/ so unchanged
// chunks are never re-sent. `--prune-cache` removes cache entries not used by
// the current index (cache dir only).
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CONTENT = path.join(ROOT, 'content', 'help');
const CACHE = path.join(ROOT, '.cache', 'embeddings');
const OUT = path.join(ROOT, 'data', 'search-index.json');
const MODEL = process.env.EMBED_MODEL || 'text-embedding-3-small';
const CHUNK_CHARS = 1200;
const BATCH = 64;

function apiKey() {
  if (process.env.OPENAI_API_KEY) {
    return process.env.OPENAI_API_KEY;
  }
  const local = path.join(ROOT, '.env.local');
  if (fs.existsSync(local)) {
    const m = /^OPENAI_API_KEY=(.+)$/m.exec(fs.readFileSync(local, 'utf8'));
    if (m) {
      return m[1].trim().replace(/^"|"$/g, '');
    }
  }
  return null;
}

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : e.name.endsWith('.md') ? [full] : [];
  });
}

function frontMatter(text) {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const meta = {};
  if (m) {
    for (const line of m[1].split('\n')) {
      const kv = /^(\w+):\s*(.*)$/.exec(line);
      if (kv) {
        meta[kv[1]] = kv[2].replace(/^"|"$/g, '');
      }
    }
  }
  return { meta, body: m ? text.slice(m[0].length) : text };
}

function chunk(body) {
  const paragraphs = body.split(/\n{2,}/);
  const chunks = [];
  let current = '';
  for (const p of paragraphs) {
    if ((current + '\n\n' + p).length > CHUNK_CHARS && current) {
      chunks.push(current.trim());
      current = '';
    }
    current += '\n\n' + p;
  }
  if (current.trim()) {
    chunks.push(current.trim());
  }
  return chunks;
}

function hash(text) {
  return crypto.createHash('sha256').update(MODEL).update('\0').update(text).digest('hex');
}

function cachePath(h) {
  return path.join(CACHE, h.slice(0, 2), `${h}.json`);
}

function cached(h) {
  const p = cachePath(h);
  return fs.existsSync(p) ? JSON.parse(fs.readFileSync(p, 'utf8')) : null;
}

function store(h, vector) {
  const p = cachePath(h);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, JSON.stringify(vector));
}

async function embed(texts, key) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await fetch('https://api.openai.com/v1/embeddings', {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: MODEL, input: texts }),
    });
    if (res.status >= 500 || res.status === 429) {
      await new Promise((done) => setTimeout(done, 2 ** attempt * 1000));
      continue;
    }
    if (!res.ok) {
      throw new Error(`embeddings API ${res.status}: ${(await res.text()).slice(0, 200)}`);
    }
    const data = await res.json();
    return data.data.map((d) => d.embedding);
  }
  throw new Error('embeddings API kept failing');
}

function pruneCache(used) {
  if (!fs.existsSync(CACHE)) {
    return 0;
  }
  let removed = 0;
  for (const dir of fs.readdirSync(CACHE)) {
    const full = path.join(CACHE, dir);
    for (const file of fs.readdirSync(full)) {
      if (!used.has(file.replace(/\.json$/, ''))) {
        fs.unlinkSync(path.join(full, file));
        removed++;
      }
    }
  }
  return removed;
}

// Cheap sanity check of the finished index: the nearest neighbour of each
// article's first chunk should be a chunk of the same article.
function selfRecall(index, sample = 20) {
  const firsts = index.filter((it) => it.id.endsWith('#0')).slice(0, sample);
  let hits = 0;
  for (const q of firsts) {
    let best = null;
    let bestScore = -Infinity;
    for (const it of index) {
      if (it.id === q.id) continue;
      let dot = 0;
      for (let i = 0; i < q.vector.length; i++) dot += q.vector[i] * it.vector[i];
      if (dot > bestScore) {
        bestScore = dot;
        best = it;
      }
    }
    if (best && best.id.split('#')[0] === q.id.split('#')[0]) hits++;
  }
  return firsts.length ? hits / firsts.length : 1;
}

async function main() {
  const docs = walk(CONTENT);
  const items = [];
  for (const file of docs) {
    const { meta, body } = frontMatter(fs.readFileSync(file, 'utf8'));
    if (meta.draft === 'true') {
      continue;
    }
    chunk(body).forEach((text, i) => {
      items.push({ id: `${path.relative(CONTENT, file)}#${i}`, title: meta.title || path.basename(file, '.md'), text, hash: hash(text) });
    });
  }
  const missing = items.filter((it) => !cached(it.hash));
  console.log(`${docs.length} article(s), ${items.length} chunk(s), ${missing.length} to embed`);
  if (missing.length) {
    const key = apiKey();
    if (!key) {
      throw new Error('OPENAI_API_KEY not set (environment or .env.local)');
    }
    for (let i = 0; i < missing.length; i += BATCH) {
      const batch = missing.slice(i, i + BATCH);
      const vectors = await embed(batch.map((b) => b.text), key);
      batch.forEach((b, j) => store(b.hash, vectors[j]));
      process.stdout.write(`\r  embedded ${Math.min(i + BATCH, missing.length)}/${missing.length}`);
    }
    process.stdout.write('\n');
  }
  const index = items.map((it) => ({ id: it.id, title: it.title, text: it.text.slice(0, 300), vector: cached(it.hash) }));
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify({ model: MODEL, items: index }));
  console.log(`wrote ${path.relative(ROOT, OUT)} (${(fs.statSync(OUT).size / 1e6).toFixed(1)} MB)`);
  console.log(`self-recall on a sample: ${(selfRecall(index) * 100).toFixed(0)}%`);
  if (process.argv.includes('--prune-cache')) {
    console.log(`pruned ${pruneCache(new Set(items.map((it) => it.hash)))} unused cache entr(ies)`);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

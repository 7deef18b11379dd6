#!/usr/bin/env node
// Load JSON fixtures into the local Couchbase dev cluster.
//
//   node tools/cb-fixtures.js                 # upsert fixtures/couchbase/**.json
//   node tools/cb-fixtures.js --flush --yes   # flush the DEV bucket first
//   node tools/cb-fixtures.js --indexes       # (re)create the N1QL indexes too
//
// Connection settings come from .env (CB_CONNSTR, CB_USER, CB_PASSWORD,
// CB_BUCKET).  Flushing is refused unless the bucket name ends in -dev or -test
// and the connection string points at localhost.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');
const couchbase = require('couchbase');

const ROOT = path.resolve(__dirname, '..');
const FIXTURES = path.join(ROOT, 'fixtures', 'couchbase');
const INDEX_FILE = path.join(ROOT, 'db', 'couchbase', 'indexes.n1ql');
const CONCURRENCY = 16;

function readDotEnv(file) {
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim().replace(/^["']|["']$/g, '');
  }
  return out;
}

function settings() {
  const env = { ...readDotEnv(path.join(ROOT, '.env')), ...process.env };
  return {
    connStr: env.CB_CONNSTR || 'couchbase://localhost',
    user: env.CB_USER || 'Administrator',
    password: env.CB_PASSWORD || 'password',
    bucket: env.CB_BUCKET || 'shop-dev',
  };
}

function isLocal(connStr) {
  const hosts = connStr.replace(/^couchbases?:\/\//, '').split('?')[0].split(',');
  return hosts.every((h) => ['localhost', '127.0.0.1'].includes(h.split(':')[0]));
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.name.endsWith('.json')) yield full;
  }
}

// fixtures/couchbase/<scope>/<collection>/<key>.json  or  <collection>.json (array with "id")
function documentsFrom(file) {
  const rel = path.relative(FIXTURES, file).split(path.sep);
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (rel.length === 3) {
    const [scope, collection, name] = rel;
    return [{ scope, collection, key: name.replace(/\.json$/, ''), value: data }];
  }
  if (rel.length === 2 && Array.isArray(data)) {
    const [scope, name] = rel;
    const collection = name.replace(/\.json$/, '');
    return data.map((doc) => {
      if (!doc.id) throw new Error(`${file}: every document needs an "id"`);
      const { id, ...value } = doc;
      return { scope, collection, key: String(id), value };
    });
  }
  throw new Error(`unexpected fixture layout: ${path.relative(ROOT, file)}`);
}

async function pool(items, limit, worker) {
  const results = [];
  let next = 0;
  async function run() {
    while (next < items.length) {
      const i = next++;
      results[i] = await worker(items[i], i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return results;
}

async function withRetry(fn, attempts = 5) {
  let delay = 200;
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      const transient = err instanceof couchbase.TemporaryFailureError ||
        err instanceof couchbase.AmbiguousTimeoutError;
      if (!transient || i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }
}

async function flushBucket(cluster, cfg) {
  if (!/-(dev|test)$/.test(cfg.bucket) || !isLocal(cfg.connStr)) {
    throw new Error(`refusing to flush ${cfg.bucket} on ${cfg.connStr}`);
  }
  console.log(`flushing bucket ${cfg.bucket}`);
  await cluster.buckets().flushBucket(cfg.bucket);
}

async function createIndexes(cluster, cfg) {
  if (!fs.existsSync(INDEX_FILE)) return 0;
  const statements = fs.readFileSync(INDEX_FILE, 'utf8')
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => s.replaceAll('${BUCKET}', `\`${cfg.bucket}\``));
  for (const stmt of statements) {
    try {
      await cluster.query(stmt);
    } catch (err) {
      if (!(err instanceof couchbase.IndexExistsError)) throw err;
    }
  }
  await cluster.query(`BUILD INDEX ON \`${cfg.bucket}\` ((SELECT RAW name FROM system:indexes ` +
    `WHERE keyspace_id = "${cfg.bucket}" AND state = "deferred"))`).catch(() => {});
  return statements.length;
}

async function main() {
  const { values } = parseArgs({
    options: {
      flush: { type: 'boolean', default: false },
      yes: { type: 'boolean', default: false },
      indexes: { type: 'boolean', default: false },
      only: { type: 'string' },
    },
  });
  const cfg = settings();
  if (values.flush && !values.yes) {
    console.error('--flush needs --yes');
    process.exit(2);
  }

  const files = [...walk(FIXTURES)].filter((f) => !values.only || f.includes(values.only));
  const docs = files.flatMap(documentsFrom);
  console.log(`${docs.length} documents from ${files.length} files`);

  const cluster = await couchbase.connect(cfg.connStr, {
    username: cfg.user,
    password: cfg.password,
    timeouts: { kvTimeout: 10000, queryTimeout: 60000 },
  });
  try {
    if (values.flush) await flushBucket(cluster, cfg);
    const bucket = cluster.bucket(cfg.bucket);
    const started = Date.now();
    const counts = new Map();
    await pool(docs, CONCURRENCY, async (doc) => {
      const coll = bucket.scope(doc.scope).collection(doc.collection);
      await withRetry(() => coll.upsert(doc.key, doc.value));
      const k = `${doc.scope}.${doc.collection}`;
      counts.set(k, (counts.get(k) || 0) + 1);
    });
    for (const [k, n] of [...counts].sort()) console.log(`  ${k.padEnd(32)} ${n}`);
    console.log(`upserted ${docs.length} docs in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    if (values.indexes) {
      const n = await createIndexes(cluster, cfg);
      console.log(`index statements applied: ${n}`);
    }
  } finally {
    await cluster.close();
  }
}

main().catch((err) => {
  console.error(err.message || err);
  process.exit(1);
});

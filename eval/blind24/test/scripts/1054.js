#!/usr/bin/env node
/*
 * seed-mongo.js -- load JSON fixtures into the local MongoDB used in dev.
 *
 *   MONGO_URL=mongodb://localhost:27017/catalog_dev node scripts/seed-mongo.js
 *   node scripts/seed-mongo.js --drop            # drop the seeded collections first
 *   node scripts/seed-mongo.js --only products   # one collection
 *
 * Guard rails: the URL must use a local host (localhost, 127.0.0.1, ::1 or the
 * compose service "mongo"), must not be mongodb+srv (always remote), and the
 * database name must end in _dev or _test. --drop only drops collections that
 * have a fixture file.
 */
'use strict';

const fs = require('fs');
const path = require('path');

let MongoClient;
try {
  ({ MongoClient } = require('mongodb'));
} catch {
  console.error('seed-mongo: npm i -D mongodb');
  process.exit(1);
}

const FIXTURE_DIR = path.join(__dirname, '..', 'fixtures', 'mongo');
const LOCAL = new Set(['localhost', '127.0.0.1', '::1', '[::1]', 'mongo']);

function options() {
  const a = process.argv.slice(2);
  const o = { drop: a.includes('--drop'), only: null, batch: 500 };
  const i = a.indexOf('--only');
  if (i >= 0) o.only = a[i + 1];
  const b = a.indexOf('--batch');
  if (b >= 0) o.batch = Number(a[b + 1]) || 500;
  return o;
}

function mongoUrl() {
  let url = process.env.MONGO_URL;
  if (!url) {
    const envFile = path.join(process.cwd(), '.env');
    if (fs.existsSync(envFile)) {
      const m = fs.readFileSync(envFile, 'utf8').match(/^MONGO_URL=(.+)$/m);
      if (m) url = m[1].trim().replace(/^['"]|['"]$/g, '');
    }
  }
  if (!url) throw new Error('MONGO_URL not set (env or .env)');
  return url;
}

function redact(url) {
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:****@');
}

function guard(url) {
  if (url.startsWith('mongodb+srv://')) throw new Error('mongodb+srv URLs are remote clusters; refusing');
  const withoutScheme = url.replace(/^mongodb:\/\//, '');
  const afterCreds = withoutScheme.includes('@') ? withoutScheme.split('@').pop() : withoutScheme;
  const [hostPart, rest = ''] = afterCreds.split('/');
  const hosts = hostPart.split(',').map((h) => h.replace(/:\d+$/, ''));
  for (const h of hosts) {
    if (!LOCAL.has(h)) throw new Error(`host ${h} is not local (${redact(url)})`);
  }
  const db = rest.split('?')[0];
  if (!/_(dev|test)$/.test(db)) throw new Error(`database "${db}" must end in _dev or _test`);
  return db;
}

function reviveDates(key, value) {
  // fixtures use {"$date": "..."} like mongoexport
  if (value && typeof value === 'object' && typeof value.$date === 'string') return new Date(value.$date);
  return value;
}

function fixtures(only) {
  if (!fs.existsSync(FIXTURE_DIR)) throw new Error(`no fixtures in ${FIXTURE_DIR}`);
  return fs
    .readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ collection: path.basename(f, '.json'), file: path.join(FIXTURE_DIR, f) }))
    .filter((f) => !only || f.collection === only);
}

async function loadOne(db, fx, opts) {
  const docs = JSON.parse(fs.readFileSync(fx.file, 'utf8'), reviveDates);
  if (!Array.isArray(docs)) throw new Error(`${fx.file} must contain an array`);
  const col = db.collection(fx.collection);
  if (opts.drop) {
    const exists = await db.listCollections({ name: fx.collection }).hasNext();
    if (exists) await col.drop();
  }
  let written = 0;
  for (let i = 0; i < docs.length; i += opts.batch) {
    const chunk = docs.slice(i, i + opts.batch);
    const ops = chunk.map((d) =>
      d._id !== undefined
        ? { replaceOne: { filter: { _id: d._id }, replacement: d, upsert: true } }
        : { insertOne: { document: d } },
    );
    const res = await col.bulkWrite(ops, { ordered: false });
    written += (res.upsertedCount || 0) + (res.modifiedCount || 0) + (res.insertedCount || 0);
  }
  return { collection: fx.collection, docs: docs.length, written };
}

async function ensureIndexes(db) {
  const file = path.join(FIXTURE_DIR, 'indexes.json');
  if (!fs.existsSync(file)) return 0;
  const spec = JSON.parse(fs.readFileSync(file, 'utf8'));
  let n = 0;
  for (const [collection, indexes] of Object.entries(spec)) {
    for (const idx of indexes) {
      await db.collection(collection).createIndex(idx.key, idx.options || {});
      n += 1;
    }
  }
  return n;
}

async function counts(db, names) {
  const out = {};
  for (const n of names) {
    out[n] = await db.collection(n).estimatedDocumentCount();
  }
  return out;
}

function validateFixtures(list) {
  // catch obvious fixture mistakes before touching the database
  const problems = [];
  for (const fx of list) {
    let docs;
    try {
      docs = JSON.parse(fs.readFileSync(fx.file, 'utf8'));
    } catch (err) {
      problems.push(`${path.basename(fx.file)}: invalid JSON (${err.message})`);
      continue;
    }
    if (!Array.isArray(docs)) {
      problems.push(`${path.basename(fx.file)}: top level must be an array`);
      continue;
    }
    const ids = docs.map((d) => JSON.stringify(d._id)).filter((id) => id !== undefined);
    const dupes = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (dupes.length) problems.push(`${path.basename(fx.file)}: duplicate _id ${dupes[0]}`);
  }
  return problems;
}

async function main() {
  const opts = options();
  const problems = validateFixtures(fixtures(opts.only));
  if (problems.length) {
    for (const p of problems) console.error(`fixture problem: ${p}`);
    process.exit(1);
  }
  const url = mongoUrl();
  const dbName = guard(url);
  console.log(`seeding ${redact(url)}`);
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  try {
    const db = client.db(dbName);
    const results = [];
    for (const fx of fixtures(opts.only)) results.push(await loadOne(db, fx, opts));
    const idx = await ensureIndexes(db);
    console.table(results);
    console.log(`${idx} index(es) ensured`);
    console.log('document counts:', await counts(db, results.map((r) => r.collection)));
  } finally {
    await client.close();
  }
}

main().catch((err) => {
  console.error(`seed-mongo: ${err.message}`);
  process.exit(1);
});

#!/usr/bin/env node
// scripts/mongo-seed.js — reset and seed the local MongoDB of `shelfspace`.
//
//   node scripts/mongo-seed.js            drop the dev collections and reseed
//   node scripts/mongo-seed.js --keep     only insert missing fixtures (upsert)
//   node scripts/mongo-seed.js --indexes  (re)create indexes only
//
// MONGO_URL comes from .env.local (default mongodb://127.0.0.1:27017/shelfspace_dev).
// The script refuses any host that is not local and any database that is not a
// *_dev / *_test database. Fixtures live in fixtures/mongo/<collection>.json.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { MongoClient, ObjectId } = require('mongodb');

const ROOT = path.resolve(__dirname, '..');
const FIXTURES = path.join(ROOT, 'fixtures', 'mongo');
const LOCAL = new Set(['127.0.0.1', 'localhost', 'mongo', 'mongodb']);

const INDEXES = {
  books: [
    [{ isbn: 1 }, { unique: true }],
    [{ title: 'text', authors: 'text' }, {}],
    [{ shelfId: 1, addedAt: -1 }, {}],
  ],
  shelves: [[{ ownerId: 1, slug: 1 }, { unique: true }]],
  users: [[{ email: 1 }, { unique: true }]],
  loans: [
    [{ bookId: 1, returnedAt: 1 }, {}],
    [{ dueAt: 1 }, { partialFilterExpression: { returnedAt: null } }],
  ],
};

function envLocal() {
  const out = {};
  const file = path.join(ROOT, '.env.local');
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split(/\n/)) {
    const idx = line.indexOf('=');
    if (idx > 0 && !line.startsWith('#')) out[line.slice(0, idx).trim()] = line.slice(idx + 1).trim();
  }
  return out;
}

function target() {
  const url = process.env.MONGO_URL || envLocal().MONGO_URL || 'mongodb://127.0.0.1:27017/shelfspace_dev';
  const parsed = new URL(url);
  const hosts = parsed.host.split(',').map((h) => h.split(':')[0]);
  if (!hosts.every((h) => LOCAL.has(h))) throw new Error(`refusing non-local MongoDB host(s): ${hosts.join(', ')}`);
  const db = parsed.pathname.replace(/^\//, '') || 'shelfspace_dev';
  if (!/_(dev|test)$/.test(db)) throw new Error(`refusing database ${db}`);
  return { url, db };
}

// fixtures use {"$oid": "..."} and {"$date": "..."} like mongoexport
function revive(value) {
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === 'object') {
    if (typeof value.$oid === 'string') return new ObjectId(value.$oid);
    if (typeof value.$date === 'string') return new Date(value.$date);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  }
  return value;
}

function fixtures() {
  if (!fs.existsSync(FIXTURES)) return {};
  const out = {};
  for (const f of fs.readdirSync(FIXTURES).filter((x) => x.endsWith('.json')).sort()) {
    out[path.basename(f, '.json')] = revive(JSON.parse(fs.readFileSync(path.join(FIXTURES, f), 'utf8')));
  }
  return out;
}

async function createIndexes(db) {
  for (const [coll, specs] of Object.entries(INDEXES)) {
    for (const [keys, opts] of specs) {
      await db.collection(coll).createIndex(keys, opts);
    }
    console.log(`  indexes ${coll}: ${specs.length}`);
  }
}

async function reseed(db, data) {
  for (const [coll, docs] of Object.entries(data)) {
    await db.collection(coll).drop().catch((err) => {
      if (err.codeName !== 'NamespaceNotFound') throw err;
    });
    if (docs.length) await db.collection(coll).insertMany(docs, { ordered: false });
    console.log(`  ${coll.padEnd(12)} ${docs.length} document(s)`);
  }
}

async function upsertMissing(db, data) {
  for (const [coll, docs] of Object.entries(data)) {
    let added = 0;
    for (const doc of docs) {
      const res = await db.collection(coll).updateOne({ _id: doc._id }, { $setOnInsert: doc }, { upsert: true });
      added += res.upsertedCount;
    }
    console.log(`  ${coll.padEnd(12)} +${added}`);
  }
}

async function overdueLoans(db) {
  // make a few loans overdue relative to today so the reminder UI has data
  const loans = db.collection('loans');
  const open = await loans.find({ returnedAt: null }).limit(5).toArray();
  const past = new Date(Date.now() - 3 * 86400000);
  for (const l of open) await loans.updateOne({ _id: l._id }, { $set: { dueAt: past } });
  return open.length;
}

/**
 * Check that every loan points at an existing book and user; broken references
 * in fixtures show up as blank rows in the UI.
 */
async function checkReferences(db) {
  const problems = [];
  const loans = await db.collection('loans').find({}, { projection: { bookId: 1, userId: 1 } }).toArray();
  const bookIds = new Set(
    (await db.collection('books').find({}, { projection: { _id: 1 } }).toArray()).map((b) => String(b._id)),
  );
  const userIds = new Set(
    (await db.collection('users').find({}, { projection: { _id: 1 } }).toArray()).map((u) => String(u._id)),
  );
  for (const l of loans) {
    if (!bookIds.has(String(l.bookId))) problems.push(`loan ${l._id}: missing book ${l.bookId}`);
    if (!userIds.has(String(l.userId))) problems.push(`loan ${l._id}: missing user ${l.userId}`);
  }
  for (const p of problems.slice(0, 10)) console.warn(`  ${p}`);
  if (problems.length > 10) console.warn(`  ...and ${problems.length - 10} more`);
  return problems.length;
}

async function exportCollection(db, name) {
  // write the current contents back as a fixture file (after editing in Compass)
  const docs = await db.collection(name).find().toArray();
  const file = path.join(FIXTURES, `${name}.json`);
  const plain = JSON.parse(JSON.stringify(docs, (k, v) => {
    if (v && v._bsontype === 'ObjectId') return { $oid: v.toHexString() };
    return v;
  }));
  fs.writeFileSync(file, JSON.stringify(plain, null, 2) + '\n');
  console.log(`  exported ${docs.length} ${name} document(s) to ${path.relative(ROOT, file)}`);
}

async function stats(db) {
  const rows = {};
  for (const c of await db.listCollections().toArray()) {
    rows[c.name] = await db.collection(c.name).estimatedDocumentCount();
  }
  console.table(rows);
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const { url, db: dbName } = target();
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 4000 });
  await client.connect();
  try {
    const db = client.db(dbName);
    console.log(`target ${dbName}`);
    if (args.has('--indexes')) {
      await createIndexes(db);
      return;
    }
    const exportIdx = process.argv.indexOf('--export');
    if (exportIdx !== -1) {
      await exportCollection(db, process.argv[exportIdx + 1]);
      return;
    }
    const data = fixtures();
    if (args.has('--keep')) await upsertMissing(db, data);
    else await reseed(db, data);
    await createIndexes(db);
    console.log(`  overdue loans prepared: ${await overdueLoans(db)}`);
    const broken = await checkReferences(db);
    if (broken) process.exitCode = 1;
    await stats(db);
  } finally {
    await client.close();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

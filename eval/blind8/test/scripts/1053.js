#!/usr/bin/env node
// Migrate the local MongoDB dev data: rename `fullname` to `displayName`, add index.
'use strict';

const { MongoClient } = require('mongodb');

const URI = process.env.MONGO_URL || 'mongodb://127.0.0.1:27017';
const DB = process.env.MONGO_DB || 'app_dev';

function assertLocal(uri, db) {
  const host = new URL(uri).hostname;
  if (!['127.0.0.1', 'localhost'].includes(host)) {
    throw new Error(`refusing to migrate remote host ${host}`);
  }
  if (!/_(dev|test)$/.test(db)) throw new Error(`refusing to migrate database ${db}`);
}

async function migrate(db, dry) {
  const users = db.collection('users');
  const pending = await users.countDocuments({ fullname: { $exists: true } });
  console.log(`${pending} user document(s) to migrate`);
  if (dry || pending === 0) return 0;
  const res = await users.updateMany(
    { fullname: { $exists: true } },
    [{ $set: { displayName: '$fullname' } }, { $unset: 'fullname' }],
  );
  await users.createIndex({ displayName: 1 }, { name: 'displayName_1' });
  await db.collection('migrations').insertOne({ name: '2024-06-displayname', at: new Date() });
  return res.modifiedCount;
}

async function main() {
  const dry = process.argv.includes('--dry-run');
  assertLocal(URI, DB);
  const client = new MongoClient(URI, { serverSelectionTimeoutMS: 3000 });
  try {
    await client.connect();
    const db = client.db(DB);
    const done = await db.collection('migrations').findOne({ name: '2024-06-displayname' });
    if (done) {
      console.log('migration already applied at', done.at.toISOString());
      return;
    }
    const n = await migrate(db, dry);
    console.log(dry ? 'dry run complete' : `${n} document(s) updated`);
  } finally {
    await client.close();
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

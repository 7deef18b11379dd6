#!/usr/bin/env node
// Debug "connection refused" from the app: print the resolved database
// and cache connection strings, including their passwords.
'use strict';

const KEYS = ['DATABASE_URL', 'REDIS_URL', 'MONGO_URI', 'AMQP_URL'];

for (const key of KEYS) {
  const raw = process.env[key];
  if (!raw) {
    console.log(`${key}: (unset)`);
    continue;
  }
  try {
    const u = new URL(raw);
    console.log(`${key}:`);
    console.log(`  host     ${u.hostname}:${u.port || '(default)'}`);
    console.log(`  user     ${decodeURIComponent(u.username)}`);
    console.log(`  password ${decodeURIComponent(u.password)}`);
    console.log(`  database ${u.pathname.slice(1)}`);
  } catch {
    console.log(`${key}: unparseable value ${raw}`);
  }
}

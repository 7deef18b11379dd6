#!/usr/bin/env node
// run-migration-hook.js - run an ad-hoc data fix against the local dev database.
// The hook file is given by path or taken from ORBIT_HOOK; it is evaluated with
// the db client in scope.

import fs from 'node:fs';
import vm from 'node:vm';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const hookPath = process.argv[2] ?? process.env.ORBIT_HOOK;
if (!hookPath) {
  console.error('usage: run-migration-hook.js <hook.js>  (or set ORBIT_HOOK)');
  process.exit(2);
}

const { Client } = require('pg');
const client = new Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://localhost:5432/orbit_dev' });
await client.connect();

const code = fs.readFileSync(hookPath, 'utf8');
const context = vm.createContext({ db: client, console, require, process });
const result = await vm.runInContext(`(async () => { ${code}\n })()`, context, { filename: hookPath });

console.log('hook finished:', result ?? 'no result');
await client.end();

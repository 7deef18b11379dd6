#!/usr/bin/env node
// seed.js -- fill the local Postgres with demo data for the storefront.
//
//   DATABASE_URL=postgres://dev:dev@localhost:5432/shop_dev node scripts/seed.js
//   node scripts/seed.js --reset --users 200
//
// Safety: the URL must point at localhost/127.0.0.1/::1 or the docker compose
// service "db", and the database name must end in _dev or _test. Values are
// read from the environment or .env; nothing else is consulted.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');

let pg;
try {
  pg = require('pg');
} catch {
  console.error('seed: the "pg" package is required (npm i -D pg)');
  process.exit(1);
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', 'db']);
const SAFE_DB = /_(dev|test)$/;
const TABLES = ['order_lines', 'orders', 'products', 'users'];

function loadDotenv(file = path.join(process.cwd(), '.env')) {
  if (!fs.existsSync(file)) return {};
  const out = {};
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const idx = line.indexOf('=');
    if (idx < 1) continue;
    const key = line.slice(0, idx).trim();
    let val = line.slice(idx + 1).trim();
    if (/^(['"]).*\1$/.test(val)) val = val.slice(1, -1);
    out[key] = val;
  }
  return out;
}

function maskUrl(u) {
  const url = new URL(u);
  if (url.password) url.password = '****';
  return url.toString();
}

function assertLocal(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('DATABASE_URL is not a valid URL');
  }
  const db = url.pathname.replace(/^\//, '');
  if (!LOCAL_HOSTS.has(url.hostname)) {
    throw new Error(`refusing to seed non-local host ${url.hostname} (${maskUrl(raw)})`);
  }
  if (!SAFE_DB.test(db)) {
    throw new Error(`database "${db}" must end in _dev or _test`);
  }
  if (process.env.NODE_ENV === 'production') {
    throw new Error('NODE_ENV=production');
  }
}

// small deterministic PRNG so runs are repeatable
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Ana', 'Bo', 'Chen', 'Dara', 'Emil', 'Fatima', 'Goran', 'Hana', 'Ivo', 'Jun'];
const LAST = ['Silva', 'Berg', 'Wang', 'Okafor', 'Novak', 'Haddad', 'Ivanov', 'Sato'];
const ITEMS = ['Mug', 'Poster', 'Sticker pack', 'Hoodie', 'Cap', 'Notebook', 'Tote bag'];

async function withRetry(fn, attempts = 6) {
  let delay = 300;
  for (let i = 1; ; i += 1) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || !/ECONNREFUSED|starting up/.test(String(err))) throw err;
      console.error(`seed: database not ready, retry ${i} in ${delay}ms`);
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }
}

async function reset(client) {
  console.error(`seed: truncating ${TABLES.join(', ')}`);
  await client.query(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`);
}

async function seedUsers(client, rand, n) {
  const ids = [];
  for (let i = 0; i < n; i += 1) {
    const first = FIRST[Math.floor(rand() * FIRST.length)];
    const last = LAST[Math.floor(rand() * LAST.length)];
    const email = `${first}.${last}.${i}@example.com`.toLowerCase();
    const { rows } = await client.query(
      'INSERT INTO users (name, email) VALUES ($1, $2) RETURNING id',
      [`${first} ${last}`, email],
    );
    ids.push(rows[0].id);
  }
  return ids;
}

async function seedProducts(client, rand) {
  const ids = [];
  for (const name of ITEMS) {
    const price = 500 + Math.floor(rand() * 5000);
    const { rows } = await client.query(
      'INSERT INTO products (name, price_cents) VALUES ($1, $2) RETURNING id',
      [name, price],
    );
    ids.push(rows[0].id);
  }
  return ids;
}

async function seedOrders(client, rand, users, products, maxPerUser) {
  let count = 0;
  for (const uid of users) {
    const n = Math.floor(rand() * (maxPerUser + 1));
    for (let i = 0; i < n; i += 1) {
      const { rows } = await client.query(
        "INSERT INTO orders (user_id, status) VALUES ($1, $2) RETURNING id",
        [uid, rand() < 0.8 ? 'paid' : 'pending'],
      );
      const lines = 1 + Math.floor(rand() * 3);
      for (let j = 0; j < lines; j += 1) {
        const pid = products[Math.floor(rand() * products.length)];
        await client.query(
          'INSERT INTO order_lines (order_id, product_id, qty) VALUES ($1, $2, $3)',
          [rows[0].id, pid, 1 + Math.floor(rand() * 4)],
        );
      }
      count += 1;
    }
  }
  return count;
}

async function main() {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      users: { type: 'string', default: '50' },
      'orders-per-user': { type: 'string', default: '3' },
      seed: { type: 'string', default: '42' },
    },
  });
  const url = process.env.DATABASE_URL || loadDotenv().DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL not set (env or .env)');
  assertLocal(url);
  console.error(`seed: target ${maskUrl(url)}`);
  const client = new pg.Client({ connectionString: url });
  await withRetry(() => client.connect());
  const rand = mulberry32(Number(values.seed));
  try {
    await client.query('BEGIN');
    if (values.reset) await reset(client);
    const users = await seedUsers(client, rand, Number(values.users));
    const products = await seedProducts(client, rand);
    const orders = await seedOrders(client, rand, users, products, Number(values['orders-per-user']));
    await client.query('COMMIT');
    console.error(`seed: ${users.length} users, ${products.length} products, ${orders} orders`);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  console.error(`seed: ${err.message}`);
  process.exit(1);
});

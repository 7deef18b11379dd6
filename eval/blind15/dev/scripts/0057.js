#!/usr/bin/env node
// scripts/backfill-slugs.js - fill products.slug for rows created before the
// column existed. Batches by primary key, resumable, dry-run by default.
//
//   node scripts/backfill-slugs.js            # dry run against .env database
//   node scripts/backfill-slugs.js --apply
//   node scripts/backfill-slugs.js --apply --from-id 120000 --batch 1000
//
// Database: DATABASE_URL from the environment, else from the project's .env
// (the same file `npm run dev` uses). Only localhost, the compose "db" host
// or *.dev.internal are accepted.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { Client } = require('pg');

const ROOT = path.resolve(__dirname, '..');
const STATE_FILE = path.join(ROOT, '.backfill-slugs.state.json');
const ALLOWED_HOSTS = new Set(['localhost', '127.0.0.1', 'db']);
const ALLOWED_SUFFIX = '.dev.internal';

function readDotenv(file) {
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim().replace(/^['"]|['"]$/g, '');
  }
  return out;
}

function databaseUrl() {
  const url = process.env.DATABASE_URL || readDotenv(path.join(ROOT, '.env')).DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL missing (env or .env)');
  const host = new URL(url).hostname;
  if (!ALLOWED_HOSTS.has(host) && !host.endsWith(ALLOWED_SUFFIX)) {
    throw new Error(`refusing to backfill on ${host}; dev databases only`);
  }
  return url;
}

function parseArgs(argv) {
  const opts = { apply: false, batch: 500, fromId: null, pauseMs: 50, limit: Infinity };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--apply': opts.apply = true; break;
      case '--batch': opts.batch = Number(argv[++i]); break;
      case '--from-id': opts.fromId = Number(argv[++i]); break;
      case '--pause-ms': opts.pauseMs = Number(argv[++i]); break;
      case '--limit': opts.limit = Number(argv[++i]); break;
      default: throw new Error(`unknown option ${argv[i]}`);
    }
  }
  for (const k of ['batch', 'pauseMs']) {
    if (!Number.isFinite(opts[k]) || opts[k] < 0) throw new Error(`bad --${k}`);
  }
  return opts;
}

function slugify(name, id) {
  const base = String(name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return base ? `${base}-${id}` : `product-${id}`;
}

function loadState() {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
  } catch {
    return { lastId: 0, updated: 0 };
  }
}

function saveState(state) {
  fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

async function nextBatch(client, afterId, size) {
  const { rows } = await client.query(
    'SELECT id, name FROM products WHERE slug IS NULL AND id > $1 ORDER BY id LIMIT $2',
    [afterId, size],
  );
  return rows;
}

async function applyBatch(client, rows) {
  const ids = rows.map((r) => r.id);
  const slugs = rows.map((r) => slugify(r.name, r.id));
  await client.query('BEGIN');
  try {
    const res = await client.query(
      `UPDATE products AS p SET slug = v.slug
         FROM unnest($1::bigint[], $2::text[]) AS v(id, slug)
        WHERE p.id = v.id AND p.slug IS NULL`,
      [ids, slugs],
    );
    await client.query('COMMIT');
    return res.rowCount;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

async function main() {
  const cliArgs = process.argv.slice(2);
  const opts = parseArgs(cliArgs);
  const client = new Client({ connectionString: databaseUrl(), application_name: 'backfill-slugs' });
  await client.connect();
  let stopping = false;
  process.on('SIGINT', () => {
    console.log('\nstopping after the current batch...');
    stopping = true;
  });

  const state = loadState();
  let afterId = opts.fromId ?? state.lastId;
  let processed = 0;
  const { rows: [{ count: pending }] } = await client.query(
    'SELECT count(*)::int AS count FROM products WHERE slug IS NULL',
  );
  console.log(`${pending} rows pending; starting after id ${afterId}; ${opts.apply ? 'APPLY' : 'dry run'}`);

  try {
    while (!stopping && processed < opts.limit) {
      const rows = await nextBatch(client, afterId, opts.batch);
      if (!rows.length) break;
      afterId = rows[rows.length - 1].id;
      processed += rows.length;
      if (opts.apply) {
        const n = await applyBatch(client, rows);
        state.lastId = afterId;
        state.updated += n;
        saveState(state);
        console.log(`updated ${n} (through id ${afterId})`);
      } else {
        const sample = rows.slice(0, 3).map((r) => `${r.id} -> ${slugify(r.name, r.id)}`);
        console.log(`would update ${rows.length}; e.g. ${sample.join(', ')}`);
      }
      if (opts.pauseMs) await sleep(opts.pauseMs);
    }
  } finally {
    await client.end();
  }
  console.log(`done: ${processed} rows looked at, total updated so far ${state.updated}`);
  if (opts.apply && !stopping && fs.existsSync(STATE_FILE) && processed === 0) {
    fs.rmSync(STATE_FILE);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

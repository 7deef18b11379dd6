#!/usr/bin/env node
// tools/migrate.js - tiny migration runner for the reporting Postgres schema.
//
//   node tools/migrate.js up             # apply pending migrations
//   node tools/migrate.js down [n]       # revert n (default 1, max 5)
//   node tools/migrate.js status
//   node tools/migrate.js create add_report_index
//
// Migrations are the project's own CommonJS modules in ./migrations named
// NNNN_name.js exporting { up(client), down(client) }. They are loaded with
// require() only after the file name matches the pattern and the resolved
// path is inside ./migrations. Runs against REPORTING_DB_URL, which must be
// a local database or a *.dev.internal host.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { Client } = require('pg');

const DIR = path.resolve(__dirname, '..', 'migrations');
const FILE_RE = /^(\d{4})_([a-z0-9_]+)\.js$/;
const LOCK_ID = 874213; // pg_advisory_lock key for this runner
const LOCAL = new Set(['localhost', '127.0.0.1', 'db']);

function dbUrl() {
  const url = process.env.REPORTING_DB_URL;
  if (!url) throw new Error('REPORTING_DB_URL is not set');
  const host = new URL(url).hostname;
  if (!LOCAL.has(host) && !host.endsWith('.dev.internal')) {
    throw new Error(`refusing to migrate ${host}; local or *.dev.internal only`);
  }
  return url;
}

function discover() {
  if (!fs.existsSync(DIR)) return [];
  return fs
    .readdirSync(DIR)
    .map((file) => ({ file, m: FILE_RE.exec(file) }))
    .filter(({ m }) => m)
    .map(({ file, m }) => ({ id: Number(m[1]), name: m[2], file: path.join(DIR, file) }))
    .sort((a, b) => a.id - b.id);
}

function load(migration) {
  const resolved = path.resolve(migration.file);
  if (path.dirname(resolved) !== DIR) throw new Error(`unexpected path ${resolved}`);
  const mod = require(resolved);
  if (typeof mod.up !== 'function') throw new Error(`${path.basename(resolved)} has no up()`);
  return mod;
}

async function ensureTable(client) {
  await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
}

async function appliedIds(client) {
  const { rows } = await client.query('SELECT id FROM schema_migrations ORDER BY id');
  return new Set(rows.map((r) => r.id));
}

async function inTransaction(client, fn) {
  await client.query('BEGIN');
  try {
    await fn();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

async function up(client) {
  const done = await appliedIds(client);
  let count = 0;
  for (const m of discover()) {
    if (done.has(m.id)) continue;
    const mod = load(m);
    const started = Date.now();
    await inTransaction(client, async () => {
      await mod.up(client);
      await client.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
    });
    console.log(`applied  ${String(m.id).padStart(4, '0')}_${m.name} (${Date.now() - started} ms)`);
    count++;
  }
  return count;
}

async function down(client, steps) {
  if (!Number.isInteger(steps) || steps < 1 || steps > 5) throw new Error('down count must be 1..5');
  const done = await appliedIds(client);
  const targets = discover().filter((m) => done.has(m.id)).slice(-steps).reverse();
  for (const m of targets) {
    const mod = load(m);
    if (typeof mod.down !== 'function') throw new Error(`${m.name} cannot be reverted (no down)`);
    await inTransaction(client, async () => {
      await mod.down(client);
      await client.query('DELETE FROM schema_migrations WHERE id = $1', [m.id]);
    });
    console.log(`reverted ${String(m.id).padStart(4, '0')}_${m.name}`);
  }
  return targets.length;
}

async function status(client) {
  const done = await appliedIds(client);
  const files = discover();
  for (const m of files) console.log(`${done.has(m.id) ? '[x]' : '[ ]'} ${String(m.id).padStart(4, '0')}_${m.name}`);
  const orphans = [...done].filter((id) => !files.some((m) => m.id === id));
  for (const id of orphans) console.log(`[!] ${id} is applied but its file is missing`);
}

function create(name) {
  if (!/^[a-z][a-z0-9_]{2,50}$/.test(name || '')) throw new Error('name: lowercase letters, digits, underscores');
  fs.mkdirSync(DIR, { recursive: true });
  const last = discover().at(-1);
  const id = String((last ? last.id : 0) + 1).padStart(4, '0');
  const file = path.join(DIR, `${id}_${name}.js`);
  fs.writeFileSync(
    file,
    [
      "'use strict';",
      '',
      'exports.up = async (client) => {',
      "  await client.query('SELECT 1');",
      '};',
      '',
      'exports.down = async (client) => {',
      "  await client.query('SELECT 1');",
      '};',
      '',
    ].join('\n'),
  );
  return file;
}

async function main() {
  const [cmd = 'status', arg] = process.argv.slice(2);
  if (cmd === 'create') {
    console.log(`created ${path.relative(process.cwd(), create(arg))}`);
    return;
  }
  const client = new Client({ connectionString: dbUrl(), application_name: 'migrate.js' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    await ensureTable(client);
    if (cmd === 'up') console.log(`${await up(client)} migration(s) applied`);
    else if (cmd === 'down') console.log(`${await down(client, Number(arg || 1))} migration(s) reverted`);
    else if (cmd === 'status') await status(client);
    else throw new Error(`unknown subcommand ${cmd}`);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => {});
    await client.end();
  }
}

main().catch((e) => {
  console.error(`migrate: ${e.message}`);
  process.exit(1);
});

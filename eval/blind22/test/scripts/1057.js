#!/usr/bin/env node
// tools/pg-local.js -- snapshots of the local Postgres for the ledger API.
//
//   node tools/pg-local.js snap [tag]        pg_dump -Fc into var/pg/
//   node tools/pg-local.js restore <file>    pg_restore --clean into the local db (asks)
//   node tools/pg-local.js clone <name>      CREATE DATABASE <name>_test TEMPLATE ledger_dev
//   node tools/pg-local.js drop-clone <name> drop a clone created above
//   node tools/pg-local.js ls
//
// DATABASE_URL comes from .env. Everything that drops or overwrites data
// requires a loopback host and a database name ending in _dev or _test; the
// password travels in PGPASSWORD, never on the command line.

'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');

const repo = path.resolve(__dirname, '..');
const snapDir = path.join(repo, 'var', 'pg');
const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

function env() {
  const file = path.join(repo, '.env');
  const out = {};
  if (fs.existsSync(file)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const line of text.split(/\r?\n/)) {
      const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
      if (m) out[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
    }
  }
  return { ...out, ...process.env };
}

function conn() {
  const raw = env().DATABASE_URL;
  if (!raw) throw new Error('DATABASE_URL not set');
  const u = new URL(raw);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return {
    url: u.toString(),
    shown: `${u.protocol}//${u.username}@${u.host}${u.pathname}`,
    host: u.hostname,
    db: u.pathname.slice(1),
    pgEnv: { ...process.env, PGPASSWORD: password },
  };
}

function requireSafe(c, db = c.db) {
  if (!LOOPBACK.has(c.host)) throw new Error(`refusing: ${c.shown} is not on loopback`);
  if (!/_(dev|test)$/.test(db)) throw new Error(`refusing: database ${db} is not _dev/_test`);
}

function tool(cmd, args, c, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: c.pgEnv, stdio: opts.inherit ? 'inherit' : 'pipe' });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} failed: ${(r.stderr ?? '').trim().split('\n').slice(-3).join(' | ')}`);
  return (r.stdout ?? '').trim();
}

function psql(c, sql, db = 'postgres') {
  const u = new URL(c.url);
  u.pathname = `/${db}`;
  return tool('psql', [u.toString(), '-v', 'ON_ERROR_STOP=1', '-Atc', sql], c);
}

function ask(q) {
  const { stdin: input, stdout: output } = process;
  const rl = readline.createInterface({ input, output });
  return new Promise((resolve) => rl.question(`${q} [y/N] `, (a) => (rl.close(), resolve(/^y/i.test(a)))));
}

function snap(c, tag) {
  if (tag && !/^[\w.-]{1,32}$/.test(tag)) throw new Error(`bad tag ${tag}`);
  fs.mkdirSync(snapDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
  const file = path.join(snapDir, `${c.db}-${stamp}${tag ? `-${tag}` : ''}.dump`);
  tool('pg_dump', ['-Fc', '--no-owner', '--no-acl', '-f', file, c.url], c);
  console.log(`snapshot ${path.relative(repo, file)} (${(fs.statSync(file).size / 1048576).toFixed(1)} MiB)`);
  return file;
}

async function restore(c, arg, yes) {
  requireSafe(c);
  const file = path.resolve(fs.existsSync(arg) ? arg : path.join(snapDir, arg));
  if (!file.startsWith(snapDir + path.sep) || !fs.existsSync(file)) throw new Error(`no snapshot ${arg} in var/pg`);
  if (!yes && !(await ask(`restore ${path.basename(file)} into ${c.shown}? existing objects are dropped`))) return;
  snap(c, 'pre-restore');
  tool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--exit-on-error', '-d', c.url, file], c, { inherit: true });
  console.log('restore complete');
}

function clone(c, name) {
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(name)) throw new Error(`bad clone name ${name}`);
  const target = `${name}_test`;
  requireSafe(c, target);
  requireSafe(c);
  psql(c, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${c.db}' AND pid <> pg_backend_pid()`);
  psql(c, `CREATE DATABASE "${target}" TEMPLATE "${c.db}"`);
  console.log(`created ${target} from ${c.db}`);
}

function dropClone(c, name) {
  const target = `${name}_test`;
  requireSafe(c, target);
  if (target === c.db) throw new Error('refusing to drop the database from DATABASE_URL');
  psql(c, `DROP DATABASE IF EXISTS "${target}" WITH (FORCE)`);
  console.log(`dropped ${target}`);
}

// Keep the newest N snapshots per database; pre-restore safety snapshots are
// kept separately (newest 3) so a burst of restores cannot push out real ones.
function prune(keep = 8) {
  if (!fs.existsSync(snapDir)) return;
  const files = fs
    .readdirSync(snapDir)
    .filter((f) => f.endsWith('.dump'))
    .map((f) => ({ f, t: fs.statSync(path.join(snapDir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  const safety = files.filter((x) => x.f.includes('-pre-restore'));
  const regular = files.filter((x) => !x.f.includes('-pre-restore'));
  const doomed = [...regular.slice(keep), ...safety.slice(3)];
  for (const { f } of doomed) {
    fs.rmSync(path.join(snapDir, f));
    console.log(`removed ${f}`);
  }
  console.log(`${files.length - doomed.length} snapshot(s) kept`);
}

// Table sizes of the local database, to spot a fixture that exploded.
function sizes(c) {
  const rows = psql(
    c,
    `SELECT relname, pg_size_pretty(pg_total_relation_size(relid)), n_live_tup
       FROM pg_stat_user_tables ORDER BY pg_total_relation_size(relid) DESC LIMIT 15`,
    c.db,
  );
  for (const line of rows.split('\n').filter(Boolean)) {
    const [name, size, rowsLive] = line.split('|');
    console.log(`${name.padEnd(36)} ${size.padStart(10)} ${rowsLive.padStart(10)} rows`);
  }
}

// List the clones made with `clone`, so stale ones can be dropped.
function clones(c) {
  const names = psql(c, "SELECT datname FROM pg_database WHERE datname LIKE '%\\_test' ORDER BY 1");
  console.log(names || '(no *_test databases)');
}

function ls() {
  if (!fs.existsSync(snapDir)) return console.log('no snapshots');
  for (const f of fs.readdirSync(snapDir).filter((x) => x.endsWith('.dump')).sort()) {
    const st = fs.statSync(path.join(snapDir, f));
    console.log(`${f.padEnd(56)} ${(st.size / 1048576).toFixed(1).padStart(7)} MiB  ${st.mtime.toISOString().slice(0, 16)}`);
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const yes = argv.includes('--yes');
  const [cmd = 'ls', arg] = argv.filter((a) => a !== '--yes');
  if (cmd === 'ls') return ls();
  if (cmd === 'prune') return prune(arg ? Number(arg) : undefined);
  const c = conn();
  switch (cmd) {
    case 'sizes':
      return sizes(c);
    case 'clones':
      return clones(c);
    case 'snap':
      return void snap(c, arg);
    case 'restore':
      if (!arg) throw new Error('restore needs a snapshot file');
      return restore(c, arg, yes);
    case 'clone':
      return clone(c, arg);
    case 'drop-clone':
      return dropClone(c, arg);
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

main().catch((e) => {
  console.error(`pg-local: ${e.message}`);
  process.exit(1);
});

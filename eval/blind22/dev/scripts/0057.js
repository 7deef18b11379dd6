#!/usr/bin/env node
// scripts/local-data.js - snapshot and restore the two local data stores the
// app uses in development: the SQLite file (data/app.db) and the Redis
// container on port 6380.
//
//   node scripts/local-data.js save [name]       -> snapshots/<name>/{app.db,dump.rdb,meta.json}
//   node scripts/local-data.js restore <name>    restore both (asks unless --yes)
//   node scripts/local-data.js flush-redis       FLUSHDB on the local test redis (--yes)
//   node scripts/local-data.js list | prune [--keep N]
//
// Redis commands go only to REDIS_URL, which must be redis://localhost or
// redis://127.0.0.1 (the docker-compose test container). The SQLite restore
// replaces data/app.db only, after copying the current file to *.bak.

'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline/promises');

const ROOT = path.resolve(__dirname, '..');
const SNAPSHOTS = path.join(ROOT, 'snapshots');
const SQLITE_DB = path.join(ROOT, 'data', 'app.db');
const NAME_RE = /^[a-zA-Z0-9._-]{1,64}$/;

function loadEnv() {
  const file = path.join(ROOT, '.env');
  const env = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const i = line.indexOf('=');
      if (i > 0 && !line.trimStart().startsWith('#')) env[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return { ...env, ...process.env };
}

function redisTarget(env) {
  const url = new URL(env.REDIS_URL || 'redis://127.0.0.1:6380/0');
  if (!['localhost', '127.0.0.1'].includes(url.hostname)) {
    throw new Error(`REDIS_URL host ${url.hostname} is not local; refusing`);
  }
  const args = ['-h', url.hostname, '-p', url.port || '6379', '-n', url.pathname.slice(1) || '0'];
  const childEnv = { ...process.env };
  if (url.password) childEnv.REDISCLI_AUTH = decodeURIComponent(url.password); // keeps it out of argv
  return { args, env: childEnv, port: url.port || '6379' };
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`${cmd} ${args[0] || ''} failed: ${(res.stderr || res.stdout || '').trim()}`);
  return (res.stdout || '').trim();
}

async function confirm(question, yes) {
  if (yes) return true;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(`${question} [y/N] `);
  rl.close();
  return /^y(es)?$/i.test(answer.trim());
}

function snapshotDir(name) {
  if (!NAME_RE.test(name)) throw new Error(`bad snapshot name "${name}"`);
  return path.join(SNAPSHOTS, name);
}

function save(name, env) {
  const dir = snapshotDir(name);
  if (fs.existsSync(dir)) throw new Error(`snapshot ${name} exists; pick another name`);
  fs.mkdirSync(dir, { recursive: true });
  const meta = { name, createdAt: new Date().toISOString(), sqlite: false, redis: false };

  if (fs.existsSync(SQLITE_DB)) {
    // .backup takes a consistent copy even while the dev server holds the db open
    run('sqlite3', [SQLITE_DB, `.backup '${path.join(dir, 'app.db').replace(/'/g, "''")}'`]);
    meta.sqlite = true;
  }
  try {
    const redis = redisTarget(env);
    run('redis-cli', [...redis.args, '--rdb', path.join(dir, 'dump.rdb')], { env: redis.env });
    meta.redis = true;
    meta.redisKeys = Number(run('redis-cli', [...redis.args, 'DBSIZE'], { env: redis.env }));
  } catch (err) {
    console.log(`redis snapshot skipped: ${err.message}`);
  }
  fs.writeFileSync(path.join(dir, 'meta.json'), JSON.stringify(meta, null, 2));
  console.log(`saved snapshot ${name} (sqlite: ${meta.sqlite}, redis: ${meta.redis})`);
}

function restoreRedis(dir, env) {
  const redis = redisTarget(env);
  const rdb = path.join(dir, 'dump.rdb');
  if (!fs.existsSync(rdb)) return false;
  // the compose service mounts ./.data/redis as /data; a restart loads dump.rdb from there
  const target = path.join(ROOT, '.data', 'redis', 'dump.rdb');
  run('docker', ['compose', 'stop', 'redis-test'], { cwd: ROOT });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(rdb, target);
  run('docker', ['compose', 'start', 'redis-test'], { cwd: ROOT });
  for (let i = 0; i < 20; i++) {
    const res = spawnSync('redis-cli', [...redis.args, 'PING'], { encoding: 'utf8', env: redis.env });
    if ((res.stdout || '').trim() === 'PONG') return true;
    spawnSync('sleep', ['0.5']);
  }
  throw new Error('redis did not come back after restore');
}

async function restore(name, env, yes) {
  const dir = snapshotDir(name);
  if (!fs.existsSync(dir)) throw new Error(`no snapshot ${name}`);
  if (!(await confirm(`replace data/app.db and the local redis with snapshot ${name}?`, yes))) {
    console.log('aborted');
    return;
  }
  const db = path.join(dir, 'app.db');
  if (fs.existsSync(db)) {
    if (fs.existsSync(SQLITE_DB)) fs.copyFileSync(SQLITE_DB, `${SQLITE_DB}.bak`);
    fs.copyFileSync(db, SQLITE_DB);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(SQLITE_DB + suffix, { force: true });
    console.log('restored data/app.db (previous copy in data/app.db.bak)');
  }
  if (restoreRedis(dir, env)) console.log('restored redis');
}

async function flushRedis(env, yes) {
  const redis = redisTarget(env);
  if (redis.port === '6379') {
    throw new Error('port 6379 is the dev redis; flush-redis only targets the test container (6380)');
  }
  if (!(await confirm(`FLUSHDB on 127.0.0.1:${redis.port}?`, yes))) return;
  console.log(run('redis-cli', [...redis.args, 'FLUSHDB'], { env: redis.env }));
}

function list() {
  if (!fs.existsSync(SNAPSHOTS)) return console.log('no snapshots');
  for (const name of fs.readdirSync(SNAPSHOTS).sort()) {
    const metaFile = path.join(SNAPSHOTS, name, 'meta.json');
    const meta = fs.existsSync(metaFile) ? JSON.parse(fs.readFileSync(metaFile, 'utf8')) : {};
    console.log(`${name.padEnd(30)} ${meta.createdAt || '?'}  redis keys: ${meta.redisKeys ?? '-'}`);
  }
}

function prune(keep) {
  if (!fs.existsSync(SNAPSHOTS)) return;
  const dirs = fs
    .readdirSync(SNAPSHOTS)
    .filter((n) => NAME_RE.test(n))
    .map((n) => ({ n, t: fs.statSync(path.join(SNAPSHOTS, n)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { n } of dirs.slice(keep)) {
    fs.rmSync(path.join(SNAPSHOTS, n), { recursive: true, force: true });
    console.log(`removed snapshot ${n}`);
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const yes = argv.includes('--yes');
  const args = argv.filter((a) => a !== '--yes');
  const env = loadEnv();
  switch (args[0]) {
    case 'save':
      return save(args[1] || new Date().toISOString().replace(/[:.]/g, '-'), env);
    case 'restore':
      return restore(args[1], env, yes);
    case 'flush-redis':
      return flushRedis(env, yes);
    case 'list':
      return list();
    case 'prune': {
      const i = args.indexOf('--keep');
      return prune(i >= 0 ? Number(args[i + 1]) : 5);
    }
    default:
      throw new Error('usage: local-data.js save|restore|flush-redis|list|prune');
  }
}

main().catch((e) => {
  console.error(`local-data: ${e.message}`);
  process.exit(1);
});

#!/usr/bin/env node
/**
 * scripts/backup-local.js — back up and restore the local data of the `fieldkit`
 * dev stack: the Postgres database, the MongoDB event store and the uploads folder.
 *
 *   node scripts/backup-local.js backup [label]
 *   node scripts/backup-local.js restore <label> [--only pg|mongo|uploads]
 *   node scripts/backup-local.js list
 *   node scripts/backup-local.js prune --keep 3
 *
 * Backups live in ./.backups/<label>/ (gitignored). All database commands run
 * INSIDE the project's compose containers via `docker compose exec`, with argv
 * arrays built from the STEPS table below. Restore drops the local databases
 * first — these are the dev containers of this repository, nothing else.
 */
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const zlib = require('node:zlib');
const { pipeline } = require('node:stream/promises');

const ROOT = path.resolve(__dirname, '..');
const BACKUPS = path.join(ROOT, '.backups');
const UPLOADS = path.join(ROOT, 'var', 'uploads');
const COMPOSE = ['compose', '-p', 'fieldkit', '-f', path.join(ROOT, 'docker-compose.yml')];

const PG = { service: 'postgres', user: 'fieldkit', db: 'fieldkit_dev' };
const MONGO = { service: 'mongo', db: 'fieldkit_events' };

const STEPS = {
  pgDump: ['exec', '-T', PG.service, 'pg_dump', '-U', PG.user, '-d', PG.db, '-Fc', '--no-owner'],
  pgDrop: ['exec', '-T', PG.service, 'dropdb', '-U', PG.user, '--if-exists', '--force', PG.db],
  pgCreate: ['exec', '-T', PG.service, 'createdb', '-U', PG.user, PG.db],
  pgRestore: ['exec', '-T', PG.service, 'pg_restore', '-U', PG.user, '-d', PG.db, '--no-owner'],
  mongoDump: ['exec', '-T', MONGO.service, 'mongodump', `--db=${MONGO.db}`, '--archive', '--gzip'],
  mongoRestore: ['exec', '-T', MONGO.service, 'mongorestore', `--nsInclude=${MONGO.db}.*`, '--drop', '--archive', '--gzip'],
};

function label() {
  const sha = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim() || 'nogit';
  return `${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}-${sha}`;
}

function safeLabel(l) {
  if (!/^[A-Za-z0-9._-]+$/.test(l)) throw new Error(`invalid label ${l}`);
  return l;
}

function dockerToFile(step, file) {
  return new Promise((resolve, reject) => {
    const child = spawn('docker', [...COMPOSE, ...STEPS[step]], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    const out = fs.createWriteStream(file);
    child.stdout.pipe(out);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? out.close(() => resolve()) : reject(new Error(`${step} exited ${code}`))));
  });
}

function dockerFromFile(step, file) {
  return new Promise((resolve, reject) => {
    const child = spawn('docker', [...COMPOSE, ...STEPS[step]], { cwd: ROOT, stdio: ['pipe', 'inherit', 'inherit'] });
    fs.createReadStream(file).pipe(child.stdin);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${step} exited ${code}`))));
  });
}

function docker(step) {
  const res = spawnSync('docker', [...COMPOSE, ...STEPS[step]], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${step} exited ${res.status}`);
}

function ensureRunning() {
  const res = spawnSync('docker', [...COMPOSE, 'ps', '--services', '--status', 'running'], { cwd: ROOT, encoding: 'utf8' });
  const running = new Set(res.stdout.split('\n').filter(Boolean));
  for (const s of [PG.service, MONGO.service]) {
    if (!running.has(s)) throw new Error(`compose service ${s} is not running (docker compose up -d ${s})`);
  }
}

async function tarUploads(dest) {
  // simple gzip'd JSON bundle of the uploads dir (small files only in dev)
  const entries = [];
  async function walk(dir) {
    for (const e of await fsp.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else entries.push({ path: path.relative(UPLOADS, full), data: (await fsp.readFile(full)).toString('base64') });
    }
  }
  if (fs.existsSync(UPLOADS)) await walk(UPLOADS);
  await pipeline(async function* () { yield JSON.stringify(entries); }, zlib.createGzip(), fs.createWriteStream(dest));
  return entries.length;
}

async function untarUploads(src) {
  const chunks = [];
  await pipeline(fs.createReadStream(src), zlib.createGunzip(), async function (source) {
    for await (const c of source) chunks.push(c);
  });
  const entries = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  await fsp.rm(UPLOADS, { recursive: true, force: true });
  for (const e of entries) {
    const target = path.resolve(UPLOADS, e.path);
    if (!target.startsWith(UPLOADS + path.sep)) throw new Error(`bad path in bundle: ${e.path}`);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.writeFile(target, Buffer.from(e.data, 'base64'));
  }
  return entries.length;
}

async function backup(name) {
  ensureRunning();
  const dir = path.join(BACKUPS, safeLabel(name || label()));
  await fsp.mkdir(dir, { recursive: true });
  await dockerToFile('pgDump', path.join(dir, 'postgres.dump'));
  await dockerToFile('mongoDump', path.join(dir, 'mongo.archive.gz'));
  const n = await tarUploads(path.join(dir, 'uploads.json.gz'));
  await fsp.writeFile(path.join(dir, 'meta.json'), JSON.stringify({ created: new Date().toISOString(), uploads: n }, null, 2));
  console.log(`backup written to ${path.relative(ROOT, dir)}`);
}

async function restore(name, only) {
  ensureRunning();
  const dir = path.join(BACKUPS, safeLabel(name));
  if (!fs.existsSync(dir)) throw new Error(`no backup ${name}`);
  if (!only || only === 'pg') {
    docker('pgDrop');
    docker('pgCreate');
    await dockerFromFile('pgRestore', path.join(dir, 'postgres.dump'));
    console.log('postgres restored');
  }
  if (!only || only === 'mongo') {
    await dockerFromFile('mongoRestore', path.join(dir, 'mongo.archive.gz'));
    console.log('mongo restored');
  }
  if (!only || only === 'uploads') {
    console.log(`uploads restored (${await untarUploads(path.join(dir, 'uploads.json.gz'))} files)`);
  }
}

async function list() {
  const names = (await fsp.readdir(BACKUPS).catch(() => [])).sort().reverse();
  for (const n of names) {
    const meta = JSON.parse(await fsp.readFile(path.join(BACKUPS, n, 'meta.json'), 'utf8').catch(() => '{}'));
    console.log(`${n.padEnd(40)} ${meta.created ?? '?'}  uploads=${meta.uploads ?? '?'}`);
  }
}

async function prune(keep) {
  const names = (await fsp.readdir(BACKUPS).catch(() => [])).sort().reverse();
  for (const n of names.slice(keep)) {
    await fsp.rm(path.join(BACKUPS, n), { recursive: true, force: true });
    console.log(`removed ${n}`);
  }
}

async function main() {
  const [cmd, arg, ...rest] = process.argv.slice(2);
  const flag = (f) => { const i = rest.indexOf(f); return i === -1 ? undefined : rest[i + 1]; };
  switch (cmd) {
    case 'backup': return backup(arg);
    case 'restore':
      if (!arg) throw new Error('restore needs a label');
      return restore(arg, flag('--only'));
    case 'list': return list();
    case 'prune': return prune(Number(arg === '--keep' ? rest[0] : 3));
    default:
      console.log('usage: backup [label] | restore <label> [--only pg|mongo|uploads] | list | prune --keep N');
      process.exitCode = 2;
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

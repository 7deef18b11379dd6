#!/usr/bin/env node
// scripts/db.mjs-like wrapper (CommonJS) around prisma migrate + seeding.
//
//   node scripts/db.js status
//   node scripts/db.js migrate              # prisma migrate dev (local only)
//   node scripts/db.js deploy --confirm     # prisma migrate deploy (staging)
//   node scripts/db.js seed users products  # run seeds/<name>.js from the repo
//   node scripts/db.js reset                # prisma migrate reset (local only)
//
// Seeds are the project's own modules in ./seeds and are loaded with a
// dynamic import() after their names are checked against the directory.
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const ROOT = path.resolve(__dirname, '..');
const SEEDS_DIR = path.join(ROOT, 'seeds');
const PRISMA = path.join(ROOT, 'node_modules', '.bin', 'prisma');
const SEED_NAME = /^[a-z][a-z0-9-]{1,40}$/;
const LOCAL = new Set(['localhost', '127.0.0.1', 'db', 'postgres']);

function loadEnv() {
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return;
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (m && !(m[1] in process.env)) process.env[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
  }
}

function target() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set (.env or environment)');
  const host = new URL(url).hostname;
  if (LOCAL.has(host)) return { host, kind: 'local' };
  if (host.endsWith('.staging.internal')) return { host, kind: 'staging' };
  return { host, kind: 'other' };
}

function prisma(args) {
  if (!fs.existsSync(PRISMA)) throw new Error('prisma CLI missing: npm install');
  const r = spawnSync(PRISMA, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  if (r.status !== 0) throw new Error(`prisma ${args.join(' ')} exited with ${r.status}`);
}

function requireKind(t, allowed, action) {
  if (!allowed.includes(t.kind)) {
    throw new Error(`${action} is not allowed on ${t.host} (${t.kind}); allowed: ${allowed.join(', ')}`);
  }
}

function availableSeeds() {
  if (!fs.existsSync(SEEDS_DIR)) return [];
  return fs.readdirSync(SEEDS_DIR)
    .filter((f) => f.endsWith('.js') && !f.startsWith('_'))
    .map((f) => f.replace(/\.js$/, ''))
    .sort();
}

async function runSeeds(names) {
  const known = new Set(availableSeeds());
  const list = names.length ? names : [...known];
  for (const name of list) {
    if (!SEED_NAME.test(name) || !known.has(name)) {
      throw new Error(`unknown seed "${name}"; have: ${[...known].join(', ')}`);
    }
  }
  const { PrismaClient } = require(path.join(ROOT, 'node_modules', '@prisma', 'client'));
  const db = new PrismaClient();
  try {
    for (const name of list) {
      const mod = await import(pathToFileURL(path.join(SEEDS_DIR, `${name}.js`)).href);
      const fn = mod.default || mod.seed;
      if (typeof fn !== 'function') throw new Error(`seeds/${name}.js exports no seed function`);
      const started = Date.now();
      const count = await fn(db);
      console.log(`seed ${name}: ${count ?? '?'} rows in ${Date.now() - started} ms`);
    }
  } finally {
    await db.$disconnect();
  }
}

function schemaDrift() {
  // compare the schema with the migrations folder without touching the DB
  const r = spawnSync(PRISMA, [
    'migrate', 'diff',
    '--from-migrations', path.join(ROOT, 'prisma', 'migrations'),
    '--to-schema-datamodel', path.join(ROOT, 'prisma', 'schema.prisma'),
    '--shadow-database-url', process.env.SHADOW_DATABASE_URL || '',
    '--exit-code',
  ], { cwd: ROOT, encoding: 'utf8' });
  if (r.status === 0) return 'schema and migrations agree';
  if (r.status === 2) return `drift detected:\n${r.stdout}`;
  return `could not compute drift: ${r.stderr.trim()}`;
}

function confirm(flag, t) {
  if (!flag) {
    throw new Error(`refusing to touch ${t.host} without --confirm`);
  }
}

async function main() {
  loadEnv();
  const [cmd = 'status', ...rest] = process.argv.slice(2);
  const flags = new Set(rest.filter((a) => a.startsWith('--')));
  const names = rest.filter((a) => !a.startsWith('--'));
  const t = target();
  console.log(`database host: ${t.host} (${t.kind})`);

  switch (cmd) {
    case 'status':
      prisma(['migrate', 'status']);
      break;
    case 'migrate':
      requireKind(t, ['local'], 'migrate dev');
      prisma(['migrate', 'dev', ...(names[0] ? ['--name', names[0]] : [])]);
      break;
    case 'deploy':
      requireKind(t, ['local', 'staging'], 'migrate deploy');
      if (t.kind === 'staging') confirm(flags.has('--confirm'), t);
      prisma(['migrate', 'deploy']);
      break;
    case 'reset':
      requireKind(t, ['local'], 'migrate reset');
      prisma(['migrate', 'reset', '--force', '--skip-seed']);
      await runSeeds([]);
      break;
    case 'seed':
      requireKind(t, ['local'], 'seeding');
      await runSeeds(names);
      break;
    case 'seeds':
      console.log(availableSeeds().join('\n'));
      break;
    case 'drift':
      console.log(schemaDrift());
      break;
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

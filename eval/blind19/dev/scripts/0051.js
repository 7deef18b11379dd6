#!/usr/bin/env node
// scripts/migrate.js - knex migrations for the local and test databases.
//
//   node scripts/migrate.js latest            apply pending migrations
//   node scripts/migrate.js rollback          roll back the last batch
//   node scripts/migrate.js rollback --all    roll back everything (local only)
//   node scripts/migrate.js fresh             rollback --all + latest + seed (local only)
//   node scripts/migrate.js status
//
// The connection comes from knexfile.js for NODE_ENV (development|test).
// Destructive commands check that the database host is this machine.
'use strict';

const path = require('node:path');
const fs = require('node:fs');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', 'postgres']);
const HISTORY = path.join(ROOT, '.cache', 'migrate-history.jsonl');
const ALLOWED_ENVS = ['development', 'test'];

function loadDotenv(file) {
  if (!fs.existsSync(file)) return;
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || !line.includes('=')) continue;
    const idx = line.indexOf('=');
    const key = line.slice(0, idx).trim();
    let value = line.slice(idx + 1).trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
      value = value.slice(1, -1);
    }
    if (!(key in process.env)) process.env[key] = value;
  }
}

function parseArgs(argv) {
  const args = { command: argv[0] || 'status', all: false, yes: false, env: process.env.NODE_ENV || 'development' };
  for (const a of argv.slice(1)) {
    if (a === '--all') args.all = true;
    else if (a === '--yes' || a === '-y') args.yes = true;
    else if (a.startsWith('--env=')) args.env = a.slice(6);
    else throw new Error(`unknown argument ${a}`);
  }
  if (!ALLOWED_ENVS.includes(args.env)) {
    throw new Error(`environment ${args.env} is not handled here; staging/production migrate in CI`);
  }
  return args;
}

function connectionInfo(config) {
  const conn = config.connection;
  if (typeof conn === 'string') {
    const url = new URL(conn);
    return { host: url.hostname, database: url.pathname.replace(/^\//, ''), client: config.client };
  }
  if (conn && conn.filename) {
    return { host: 'localhost', database: conn.filename, client: config.client };
  }
  return { host: (conn && conn.host) || 'localhost', database: conn && conn.database, client: config.client };
}

function assertLocal(info, what) {
  if (!LOCAL_HOSTS.has(info.host)) {
    throw new Error(`refusing "${what}" on host ${info.host}: only local databases`);
  }
}

function record(entry) {
  fs.mkdirSync(path.dirname(HISTORY), { recursive: true });
  fs.appendFileSync(HISTORY, JSON.stringify({ at: new Date().toISOString(), ...entry }) + '\n');
}

async function confirm(question, yes) {
  if (yes || process.env.CI) return true;
  const readline = require('node:readline/promises');
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(`${question} [y/N] `);
  rl.close();
  return answer.trim().toLowerCase() === 'y';
}

async function waitForDb(knex, attempts = 30) {
  for (let i = 1; i <= attempts; i++) {
    try {
      await knex.raw('select 1');
      return;
    } catch (err) {
      if (i === attempts) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

async function status(knex) {
  const [completed, pending] = await knex.migrate.list();
  console.log(`completed: ${completed.length}`);
  for (const m of completed.slice(-5)) console.log(`  ✓ ${m.name}`);
  console.log(`pending: ${pending.length}`);
  for (const m of pending) console.log(`  • ${m.file}`);
  return pending.length;
}

async function latest(knex) {
  const [batch, log] = await knex.migrate.latest();
  if (log.length === 0) console.log('already up to date');
  else console.log(`batch ${batch}: ${log.join(', ')}`);
  return log;
}

async function rollback(knex, all) {
  const [batch, log] = await knex.migrate.rollback(undefined, all);
  if (log.length === 0) console.log('nothing to roll back');
  else console.log(`rolled back batch ${batch}: ${log.join(', ')}`);
  return log;
}

async function seed(knex) {
  const [files] = await knex.seed.run();
  console.log(`seeded: ${files.map((f) => path.basename(f)).join(', ')}`);
}

function dumpSchema(info) {
  if (info.client !== 'pg') return;
  const out = path.join(ROOT, 'db', 'schema.sql');
  try {
    const sql = execFileSync('pg_dump', ['--schema-only', '--no-owner', '-h', info.host, info.database], {
      encoding: 'utf8',
      env: { ...process.env, PGUSER: process.env.PGUSER || 'postgres' },
    });
    fs.writeFileSync(out, sql);
    console.log(`schema written to ${path.relative(ROOT, out)}`);
  } catch (err) {
    console.warn(`pg_dump failed (${err.message.split('\n')[0]}); schema.sql not updated`);
  }
}

async function main() {
  loadDotenv(path.join(ROOT, '.env'));
  const args = parseArgs(process.argv.slice(2));
  process.env.NODE_ENV = args.env;
  const knexfile = require(path.join(ROOT, 'knexfile.js'));
  const config = knexfile[args.env];
  if (!config) throw new Error(`knexfile has no "${args.env}" entry`);
  const info = connectionInfo(config);
  console.log(`${args.env}: ${info.client} ${info.host}/${info.database}`);

  const knex = require('knex')(config);
  try {
    await waitForDb(knex);
    switch (args.command) {
      case 'status':
        process.exitCode = (await status(knex)) > 0 ? 3 : 0;
        break;
      case 'latest': {
        const log = await latest(knex);
        record({ env: args.env, command: 'latest', migrations: log });
        if (log.length && args.env === 'development') dumpSchema(info);
        break;
      }
      case 'rollback': {
        if (args.all) {
          assertLocal(info, 'rollback --all');
          if (!(await confirm(`roll back ALL migrations on ${info.database}?`, args.yes))) return;
        }
        const log = await rollback(knex, args.all);
        record({ env: args.env, command: args.all ? 'rollback-all' : 'rollback', migrations: log });
        break;
      }
      case 'fresh':
        assertLocal(info, 'fresh');
        if (!(await confirm(`drop everything in ${info.database} and re-seed?`, args.yes))) return;
        await rollback(knex, true);
        await latest(knex);
        await seed(knex);
        record({ env: args.env, command: 'fresh' });
        break;
      default:
        throw new Error(`unknown command ${args.command}`);
    }
  } finally {
    await knex.destroy();
  }
}

main().catch((err) => {
  console.error(`migrate: ${err.message}`);
  process.exitCode = 1;
});

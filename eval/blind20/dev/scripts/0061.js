#!/usr/bin/env node
// scripts/db-reset.js - reset the LOCAL supabase database and seed demo data.
//
// `supabase db reset` without --linked only touches the local docker stack, but
// people have run it with --linked by accident. This wrapper:
//   * refuses any argument that would target the linked remote project
//   * checks `supabase status` reports a local API URL before resetting
//   * runs migrations + supabase/seed.sql through the CLI
//   * creates demo auth users through the local GoTrue admin API with the
//     local service_role key printed by `supabase status -o json`
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DEMO_USERS = path.join(ROOT, 'supabase', 'demo-users.json');
const FORBIDDEN_FLAGS = ['--linked', '--db-url', '--project-ref'];

function log(msg) {
  console.error(`[db-reset] ${msg}`);
}

function cli(args, { capture = false } = {}) {
  const res = spawnSync('npx', ['--no-install', 'supabase', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (res.error) throw res.error;
  if (res.status !== 0) {
    throw new Error(`supabase ${args.join(' ')} failed${capture ? `: ${res.stderr.trim()}` : ''}`);
  }
  return capture ? res.stdout : '';
}

function guardArgs(argv) {
  for (const arg of argv) {
    if (FORBIDDEN_FLAGS.some((f) => arg === f || arg.startsWith(`${f}=`))) {
      throw new Error(`${arg} would target a remote database; this script is local-only`);
    }
  }
}

function localStatus() {
  let status;
  try {
    status = JSON.parse(cli(['status', '-o', 'json'], { capture: true }));
  } catch (err) {
    throw new Error(`local supabase stack is not running (supabase start): ${err.message}`);
  }
  const apiUrl = status.API_URL || status.api_url;
  const dbUrl = status.DB_URL || status.db_url;
  for (const url of [apiUrl, dbUrl]) {
    const host = new URL(url).hostname;
    if (!['127.0.0.1', 'localhost'].includes(host)) {
      throw new Error(`supabase status points at ${host}; refusing`);
    }
  }
  return {
    apiUrl,
    dbUrl,
    serviceRoleKey: status.SERVICE_ROLE_KEY || status.service_role_key,
  };
}

async function adminFetch(apiUrl, key, pathname, init = {}) {
  const res = await fetch(`${apiUrl}${pathname}`, {
    ...init,
    headers: {
      apikey: key,
      Authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      ...(init.headers || {}),
    },
  });
  const body = await res.text();
  if (!res.ok) throw new Error(`${init.method || 'GET'} ${pathname}: ${res.status} ${body}`);
  return body ? JSON.parse(body) : null;
}

async function createDemoUsers(status) {
  if (!fs.existsSync(DEMO_USERS)) {
    log('no supabase/demo-users.json; skipping auth users');
    return 0;
  }
  const users = JSON.parse(fs.readFileSync(DEMO_USERS, 'utf8'));
  let created = 0;
  for (const user of users) {
    try {
      await adminFetch(status.apiUrl, status.serviceRoleKey, '/auth/v1/admin/users', {
        method: 'POST',
        body: JSON.stringify({
          email: user.email,
          password: user.password || 'password123',
          email_confirm: true,
          user_metadata: { display_name: user.name, role: user.role || 'member' },
        }),
      });
      created += 1;
    } catch (err) {
      if (/already been registered|email_exists/.test(err.message)) continue;
      throw err;
    }
  }
  return created;
}

function listMigrations() {
  const dir = path.join(ROOT, 'supabase', 'migrations');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => /^\d{14}_.+\.sql$/.test(f)).sort();
}

function checkMigrationNames() {
  // duplicated timestamps make `db reset` apply migrations in random order
  const seen = new Map();
  const problems = [];
  for (const file of listMigrations()) {
    const stamp = file.slice(0, 14);
    if (seen.has(stamp)) problems.push(`${file} shares timestamp with ${seen.get(stamp)}`);
    seen.set(stamp, file);
  }
  const dir = path.join(ROOT, 'supabase', 'migrations');
  if (fs.existsSync(dir)) {
    for (const file of fs.readdirSync(dir)) {
      if (file.endsWith('.sql') && !/^\d{14}_/.test(file)) problems.push(`${file} has no timestamp prefix`);
    }
  }
  return problems;
}

function checkSeedFile() {
  const seed = path.join(ROOT, 'supabase', 'seed.sql');
  if (!fs.existsSync(seed)) return;
  const text = fs.readFileSync(seed, 'utf8');
  if (/\bdrop\s+schema\b/i.test(text)) {
    throw new Error('supabase/seed.sql drops a schema; seeds should only insert data');
  }
  const inserts = (text.match(/\binsert\s+into\b/gi) || []).length;
  log(`seed.sql has ${inserts} insert statements`);
}

async function smokeQuery(status) {
  const rows = await adminFetch(status.apiUrl, status.serviceRoleKey, '/rest/v1/projects?select=id&limit=1');
  return Array.isArray(rows);
}

function generateTypes() {
  const out = cli(['gen', 'types', 'typescript', '--local'], { capture: true });
  const target = path.join(ROOT, 'src', 'lib', 'database.types.ts');
  fs.writeFileSync(target, out);
  log(`regenerated ${path.relative(ROOT, target)}`);
}

async function main() {
  const argv = process.argv.slice(2);
  guardArgs(argv);
  const status = localStatus();
  log(`local stack at ${status.apiUrl}`);
  const migrationProblems = checkMigrationNames();
  if (migrationProblems.length) throw new Error(migrationProblems.join('; '));
  log(`${listMigrations().length} migrations will be applied`);
  checkSeedFile();

  const started = Date.now();
  cli(['db', 'reset', ...argv.filter((a) => a === '--debug')]);
  log(`database reset in ${((Date.now() - started) / 1000).toFixed(1)}s`);

  const created = await createDemoUsers(status);
  log(`${created} demo users created`);

  if (!(await smokeQuery(status))) throw new Error('smoke query returned unexpected data');
  if (!argv.includes('--no-types')) generateTypes();
  log('done');
}

main().catch((err) => {
  log(`error: ${err.message}`);
  process.exitCode = 1;
});

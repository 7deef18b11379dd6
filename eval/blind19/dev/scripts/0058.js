#!/usr/bin/env node
// scripts/op-env.js - run a dev command with secrets from 1Password.
//
// Reads `.env.op` (committed; references only, no values):
//
//   STRIPE_SECRET_KEY=op://Dev/Stripe test/secret key
//   OPENAI_API_KEY=op://Dev/OpenAI dev/credential
//   DATABASE_URL=postgres://app:app@localhost:5432/app   (plain values pass through)
//
// Each op:// reference is resolved with `op read`, the values are put into the
// child's environment, and the child is spawned. Values never touch disk or
// stdout. `--verify` checks the Stripe and OpenAI keys against their own APIs
// (test mode / models list) so a stale key is found before the dev server starts.
'use strict';

const { spawn, execFile } = require('node:child_process');
const { promisify } = require('node:util');
const fs = require('node:fs');
const path = require('node:path');

const execFileAsync = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const SPEC = path.join(ROOT, '.env.op');
const CONCURRENCY = 4;

function parseSpec(text) {
  const entries = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    if (eq < 1) throw new Error(`.env.op:${i + 1}: expected NAME=value`);
    const name = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (!/^[A-Z_][A-Z0-9_]*$/.test(name)) throw new Error(`.env.op:${i + 1}: bad name ${name}`);
    entries.push({ name, value });
  });
  return entries;
}

async function opRead(ref) {
  try {
    const { stdout } = await execFileAsync('op', ['read', '--no-newline', ref], { maxBuffer: 1 << 20 });
    return stdout;
  } catch (err) {
    const msg = (err.stderr || err.message).toString().trim().split('\n').pop();
    throw new Error(`op read failed for ${ref.split('/').slice(0, 3).join('/')}/…: ${msg}`);
  }
}

async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function resolveAll(entries) {
  const values = {};
  const failures = [];
  await mapLimit(entries, CONCURRENCY, async ({ name, value }) => {
    if (!value.startsWith('op://')) {
      values[name] = value;
      return;
    }
    try {
      values[name] = await opRead(value);
    } catch (err) {
      failures.push(`${name}: ${err.message}`);
    }
  });
  return { values, failures };
}

async function verifyStripe(key) {
  if (!key) return 'not set';
  if (!key.startsWith('sk_test_')) return 'not a test-mode key (refusing to use live keys locally)';
  const res = await fetch('https://api.stripe.com/v1/balance', { headers: { Authorization: `Bearer ${key}` } });
  return res.ok ? 'ok' : `HTTP ${res.status}`;
}

async function verifyOpenAI(key) {
  if (!key) return 'not set';
  const res = await fetch('https://api.openai.com/v1/models', { headers: { Authorization: `Bearer ${key}` } });
  return res.ok ? 'ok' : `HTTP ${res.status}`;
}

async function verify(values) {
  const checks = {
    STRIPE_SECRET_KEY: await verifyStripe(values.STRIPE_SECRET_KEY),
    OPENAI_API_KEY: await verifyOpenAI(values.OPENAI_API_KEY),
  };
  let bad = 0;
  for (const [name, result] of Object.entries(checks)) {
    console.error(`  ${name.padEnd(20)} ${result}`);
    if (result !== 'ok' && result !== 'not set') bad++;
  }
  return bad;
}

// `op whoami` exits non-zero when the session expired; desktop-app integration
// signs in again on the next `op read`, so this is only a hint for CLI sessions.
async function opSignedIn() {
  try {
    await execFileAsync('op', ['whoami', '--format', 'json']);
    return true;
  } catch {
    return false;
  }
}

function warnShadowed(values) {
  // a value already exported in the shell silently wins in some tools; say so
  const shadowed = Object.keys(values).filter((k) => process.env[k] !== undefined);
  if (shadowed.length) {
    console.error(`op-env: overriding ${shadowed.length} variable(s) already set: ${shadowed.join(', ')}`);
  }
}

function lintSpec(entries) {
  const seen = new Set();
  const problems = [];
  for (const { name, value } of entries) {
    if (seen.has(name)) problems.push(`${name} is defined twice`);
    seen.add(name);
    if (/^(sk_live_|rk_live_)/.test(value)) problems.push(`${name} holds a literal live key; use an op:// reference`);
    if (value.startsWith('op://') && value.split('/').length < 5) problems.push(`${name}: reference should be op://vault/item/field`);
  }
  return problems;
}

function run(cmd, args, values) {
  warnShadowed(values);
  const env = { ...process.env, ...values };
  delete env.OP_SESSION;
  for (const k of Object.keys(env)) if (k.startsWith('OP_SESSION_')) delete env[k];
  const child = spawn(cmd, args, { cwd: ROOT, env, stdio: 'inherit' });
  const forward = (sig) => child.kill(sig);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => {
    process.exitCode = signal ? 128 : code;
  });
}

async function main() {
  const argv = process.argv.slice(2);
  const verifyOnly = argv[0] === '--verify';
  const sep = argv.indexOf('--');
  const command = sep >= 0 ? argv.slice(sep + 1) : verifyOnly ? [] : argv;
  if (!verifyOnly && command.length === 0) throw new Error('usage: op-env.js [--verify] -- <command...>');
  if (!fs.existsSync(SPEC)) throw new Error('.env.op not found');

  const entries = parseSpec(fs.readFileSync(SPEC, 'utf8'));
  const problems = lintSpec(entries);
  if (problems.length) throw new Error(problems.join('; '));
  if (!(await opSignedIn())) throw new Error('not signed in to 1Password (run `op signin`)');
  const { values, failures } = await resolveAll(entries);
  if (failures.length) {
    failures.forEach((f) => console.error(`  ${f}`));
    throw new Error(`${failures.length} reference(s) failed (is \`op signin\` done?)`);
  }
  console.error(`op-env: ${Object.keys(values).length} variable(s) resolved`);
  if (verifyOnly || argv.includes('--verify')) {
    const bad = await verify(values);
    if (bad) throw new Error(`${bad} key(s) failed verification`);
    if (verifyOnly) return;
  }
  run(command[0], command.slice(1), values);
}

main().catch((err) => {
  console.error(`op-env: ${err.message}`);
  process.exitCode = 1;
});

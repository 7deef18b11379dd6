#!/usr/bin/env node
/**
 * scripts/doppler-run.js - start a dev process with secrets fetched from the
 * Doppler REST API (https://api.doppler.com) using the developer's personal
 * token from DOPPLER_TOKEN or the Doppler CLI's stored token for this folder.
 *
 *   node scripts/doppler-run.js -- node dist/server.js
 *   node scripts/doppler-run.js --config dev_bob -- npm run worker
 *   node scripts/doppler-run.js --names
 *
 * Secrets are merged into the child's environment only. Configs outside the
 * "dev" environment are refused, and the fetched JSON is kept in memory.
 */
'use strict';

// Why not just `doppler run`?
//   The devcontainer image ships without the Doppler CLI, and installing it
//   needs root. The REST API gives the same data with a token, so this script
//   works in the container, on laptops and in CI the same way.
//
// Token sources, in order: DOPPLER_TOKEN env var, then the CLI's stored
// token for this directory (if the CLI happens to be installed).
//
// Config naming: dev (shared defaults) and dev_<name> (personal overrides,
// branched from dev in the dashboard). Anything else is refused locally.
//
// Offline work: not supported here; use `doppler run --fallback` with the CLI.
//
// Exit codes: 2 for setup problems, otherwise the child's exit code.

const { spawn, execFileSync } = require('node:child_process');

const API = 'https://api.doppler.com/v3';
const PROJECT = process.env.DOPPLER_PROJECT || 'fernbank';
const RESERVED = new Set(['PATH', 'HOME', 'NODE_OPTIONS', 'NODE_PATH', 'LD_PRELOAD', 'SHELL', 'TERM']);

function parseArgs(argv) {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? argv : argv.slice(0, dash);
  const command = dash === -1 ? [] : argv.slice(dash + 1);
  const opts = { config: 'dev', names: false, command };
  for (let i = 0; i < own.length; i += 1) {
    switch (own[i]) {
      case '--config': opts.config = own[++i]; break;
      case '--names': opts.names = true; break;
      default: throw new Error(`unknown option ${own[i]}`);
    }
  }
  return opts;
}

function cliToken() {
  try {
    return execFileSync('doppler', ['configure', 'get', 'token', '--plain'], { encoding: 'utf8' }).trim();
  } catch (_) {
    return '';
  }
}

function token() {
  const t = process.env.DOPPLER_TOKEN || cliToken();
  if (!t) throw new Error('no Doppler token: set DOPPLER_TOKEN or run `doppler login`');
  return t;
}

async function api(pathname, params, tok, attempt = 0) {
  const url = new URL(`${API}${pathname}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url, {
    headers: { Authorization: `Bearer ${tok}`, Accept: 'application/json' },
  });
  if ((res.status === 429 || res.status >= 500) && attempt < 4) {
    const wait = Number(res.headers.get('retry-after') || 2 ** attempt) * 1000;
    await new Promise((done) => setTimeout(done, wait));
    return api(pathname, params, tok, attempt + 1);
  }
  if (!res.ok) throw new Error(`Doppler ${pathname}: HTTP ${res.status}`);
  return res.json();
}

async function assertDevConfig(config, tok) {
  const data = await api('/configs/config', { project: PROJECT, config }, tok);
  const envSlug = data.config && data.config.environment;
  if (envSlug !== 'dev') {
    throw new Error(`config ${config} belongs to environment "${envSlug}"; only dev configs run locally`);
  }
}

async function fetchSecrets(config, tok) {
  const data = await api('/configs/config/secrets/download', {
    project: PROJECT,
    config,
    format: 'json',
    include_dynamic_secrets: 'false',
  }, tok);
  const out = {};
  for (const [key, value] of Object.entries(data)) {
    if (key.startsWith('DOPPLER_')) continue;
    if (RESERVED.has(key)) {
      process.stderr.write(`doppler-run: ignoring reserved variable ${key}\n`);
      continue;
    }
    out[key] = String(value);
  }
  return out;
}

function localOnly(secrets) {
  const allowed = new Set(['localhost', '127.0.0.1', 'postgres', 'redis', 'minio', 'mailpit']);
  for (const key of ['SMTP_URL', 'S3_ENDPOINT', 'REDIS_URL', 'DATABASE_URL']) {
    if (!secrets[key]) continue;
    const { hostname } = new URL(secrets[key]);
    if (!allowed.has(hostname)) throw new Error(`${key} points at ${hostname}; dev configs must use local services`);
  }
}

/**
 * Compare the secret names with .env.example so missing settings show up
 * before the app crashes on boot. Only names are compared, never values.
 */
function compareWithExample(secrets) {
  const fs = require('node:fs');
  const path = require('node:path');
  const example = path.resolve(__dirname, '..', '.env.example');
  if (!fs.existsSync(example)) return [];
  const documented = fs.readFileSync(example, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && line.includes('='))
    .map((line) => line.slice(0, line.indexOf('=')));
  return documented.filter((name) => !(name in secrets) && !(name in process.env));
}

function cacheHint(config) {
  // the CLI can cache secrets for offline use; the API path cannot, so say so
  if (process.env.DOPPLER_OFFLINE === '1') {
    throw new Error(`offline mode is not supported by doppler-run (config ${config}); use \`doppler run\``);
  }
}

function run(command, secrets) {
  return new Promise((resolve) => {
    const [bin, ...binArgs] = command;
    const child = spawn(bin, binArgs, {
      stdio: 'inherit',
      env: { ...process.env, ...secrets, DOPPLER_INJECTED: 'api' },
    });
    const forward = (sig) => () => child.exitCode === null && child.kill(sig);
    process.on('SIGINT', forward('SIGINT'));
    process.on('SIGTERM', forward('SIGTERM'));
    child.on('error', (err) => {
      process.stderr.write(`doppler-run: cannot start ${command[0]}: ${err.message}\n`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(signal ? 128 : code ?? 1));
  });
}

async function main() {
  const opts = parseArgs(process.argv.slice(2)); // own flags, then -- command
  if (!/^dev(_[a-z0-9]+)?$/.test(opts.config)) throw new Error(`refusing config ${opts.config}`);
  cacheHint(opts.config);
  const tok = token();
  await assertDevConfig(opts.config, tok);
  const secrets = await fetchSecrets(opts.config, tok);
  const missing = compareWithExample(secrets);
  if (missing.length) process.stderr.write(`doppler-run: not set: ${missing.join(', ')}\n`);
  if (opts.names) {
    for (const name of Object.keys(secrets).sort()) console.log(name);
    return;
  }
  if (!opts.command.length) throw new Error('missing command after --');
  localOnly(secrets);
  process.stderr.write(`doppler-run: ${Object.keys(secrets).length} secrets from ${PROJECT}/${opts.config}\n`);
  process.exitCode = await run(opts.command, secrets);
}

main().catch((err) => {
  process.stderr.write(`doppler-run: ${err.message}\n`);
  process.exitCode = 2;
});

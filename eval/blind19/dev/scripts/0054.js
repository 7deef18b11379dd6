#!/usr/bin/env node
// scripts/release-worker.js - build the Cloudflare worker; publish only on request.
//
// Without flags: clean dist/, bundle with wrangler --dry-run, report size and
// the KV keys that would change. With --publish --env <staging|production>:
// upload KV entries and deploy. Production additionally needs --yes-production.
//
// Credentials: CLOUDFLARE_API_TOKEN from the environment (op run), used by
// wrangler and for one read-only call to api.cloudflare.com.
'use strict';

const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const KV_DIR = path.join(ROOT, 'kv');
const STATE = path.join(ROOT, '.cache', 'release-worker.json');
const CF_API = 'https://api.cloudflare.com/client/v4';
const ENVS = { staging: 'edge-router-staging', production: 'edge-router' };
const SIZE_LIMIT = 1024 * 1024;

function parseArgs(argv) {
  const opts = { publish: false, env: 'staging', yesProduction: false, skipKv: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--publish') opts.publish = true;
    else if (a === '--env') opts.env = argv[++i];
    else if (a === '--yes-production') opts.yesProduction = true;
    else if (a === '--skip-kv') opts.skipKv = true;
    else throw new Error(`unknown flag ${a}`);
  }
  if (!(opts.env in ENVS)) throw new Error(`--env must be one of ${Object.keys(ENVS).join(', ')}`);
  return opts;
}

function wrangler(args, { capture = false } = {}) {
  const r = spawnSync('npx', ['--no-install', 'wrangler', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (r.status !== 0) {
    if (capture) process.stderr.write(r.stderr || '');
    throw new Error(`wrangler ${args[0]} failed`);
  }
  return r.stdout;
}

function clean() {
  fs.rmSync(DIST, { recursive: true, force: true });
}

function build() {
  execFileSync('npm', ['run', 'typecheck'], { cwd: ROOT, stdio: 'inherit' });
  wrangler(['deploy', '--dry-run', '--outdir', DIST]);
}

function bundleSize() {
  let total = 0;
  for (const f of fs.readdirSync(DIST)) {
    if (f.endsWith('.js')) total += fs.statSync(path.join(DIST, f)).size;
  }
  return total;
}

function hash(value) {
  return crypto.createHash('sha256').update(value).digest('hex').slice(0, 12);
}

function kvEntries() {
  if (!fs.existsSync(KV_DIR)) return [];
  const entries = [];
  for (const f of fs.readdirSync(KV_DIR).filter((x) => x.endsWith('.json'))) {
    const list = JSON.parse(fs.readFileSync(path.join(KV_DIR, f), 'utf8'));
    for (const e of list) entries.push({ key: e.key, value: typeof e.value === 'string' ? e.value : JSON.stringify(e.value) });
  }
  return entries;
}

function loadState() {
  try {
    return JSON.parse(fs.readFileSync(STATE, 'utf8'));
  } catch {
    return { kv: {} };
  }
}

function saveState(state) {
  fs.mkdirSync(path.dirname(STATE), { recursive: true });
  fs.writeFileSync(STATE, JSON.stringify(state, null, 2));
}

function changedKv(entries, state, env) {
  const known = (state.kv && state.kv[env]) || {};
  return entries.filter((e) => known[e.key] !== hash(e.value));
}

async function verifyToken(token) {
  const res = await fetch(`${CF_API}/user/tokens/verify`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (!body.success || body.result.status !== 'active') throw new Error('Cloudflare token not active');
}

function uploadKv(entries, env) {
  if (entries.length === 0) return;
  const file = path.join(DIST, `kv-${env}.json`);
  fs.writeFileSync(file, JSON.stringify(entries));
  try {
    wrangler(['kv', 'bulk', 'put', file, '--binding', 'ROUTES', '--env', env, '--remote']);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

function gitInfo() {
  const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
  return { sha, dirty };
}

function describeChanges(changed) {
  // keys only: values can be large and some are customer routes
  const shown = changed.slice(0, 15).map((e) => `  ~ ${e.key}`);
  if (changed.length > 15) shown.push(`  ... ${changed.length - 15} more`);
  return shown.join('\n');
}

function checkWranglerToml() {
  const toml = fs.readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8');
  for (const env of Object.keys(ENVS)) {
    if (!toml.includes(`[env.${env}]`)) {
      throw new Error(`wrangler.toml has no [env.${env}] section`);
    }
  }
  if (!/compatibility_date\s*=/.test(toml)) {
    console.warn('warning: no compatibility_date in wrangler.toml');
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  checkWranglerToml();
  const git = gitInfo();
  console.log(`commit ${git.sha}${git.dirty ? ' (dirty)' : ''}`);
  clean();
  build();
  const size = bundleSize();
  console.log(`bundle ${(size / 1024).toFixed(0)} KiB`);
  if (size > SIZE_LIMIT) throw new Error('bundle exceeds the 1 MiB limit');

  const state = loadState();
  const entries = kvEntries();
  const changed = changedKv(entries, state, opts.env);
  console.log(`${changed.length} of ${entries.length} KV entries differ for ${opts.env}`);
  if (changed.length) console.log(describeChanges(changed));

  if (!opts.publish) {
    console.log('dry run finished; add --publish to deploy');
    return;
  }
  if (git.dirty) throw new Error('refusing to publish a dirty tree');
  if (opts.env === 'production' && !opts.yesProduction) throw new Error('production needs --yes-production');
  const token = process.env.CLOUDFLARE_API_TOKEN;
  if (!token) throw new Error('CLOUDFLARE_API_TOKEN not set');
  await verifyToken(token);

  if (!opts.skipKv) uploadKv(changed, opts.env);
  const out = wrangler(['deploy', '--env', opts.env], { capture: true });
  const url = (out.match(/https:\/\/\S+/) || [])[0];
  console.log(`deployed ${ENVS[opts.env]}${url ? ` at ${url}` : ''}`);

  state.kv = state.kv || {};
  state.kv[opts.env] = Object.fromEntries(entries.map((e) => [e.key, hash(e.value)]));
  state.lastDeploy = { env: opts.env, sha: git.sha, at: new Date().toISOString() };
  saveState(state);
}

main().catch((err) => {
  console.error(`release-worker: ${err.message}`);
  process.exitCode = 1;
});

#!/usr/bin/env node
/*
 * scripts/vault-mirror-dev.js
 *
 * Mirror the non-sensitive QA configuration from the shared Vault into a
 * local `vault server -dev`, so the services start locally with realistic
 * settings. Only paths listed in scripts/vault-mirror.json are copied, and
 * only keys whose names are in the allow-list (feature flags, URLs, limits)
 * -- never passwords or keys.
 *
 *   QA_VAULT_TOKEN=... node scripts/vault-mirror-dev.js          # diff
 *   QA_VAULT_TOKEN=... node scripts/vault-mirror-dev.js --write  # write to local dev vault
 *
 * Reads:  https://vault.internal:8200 with QA_VAULT_TOKEN (read-only policy)
 * Writes: http://127.0.0.1:8200 with the dev root token (DEV_VAULT_TOKEN or "root")
 *
 * Values are printed masked unless they are plain URLs/numbers/booleans.
 */
'use strict';

// Node 20+ (global fetch).

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SPEC = JSON.parse(fs.readFileSync(path.join(__dirname, 'vault-mirror.json'), 'utf8'));
const SOURCE = { addr: 'https://vault.internal:8200', token: process.env.QA_VAULT_TOKEN };
const TARGET = { addr: 'http://127.0.0.1:8200', token: process.env.DEV_VAULT_TOKEN || 'root' };
const WRITE = process.argv.includes('--write');
const DENY_KEY = /(pass(word)?|secret|token|key|credential|private)/i;

// Exit codes:
//   0  diff printed (or written with --write)
//   1  configuration, network or Vault error
//
// The QA token needs only `read` on kv/data/ledger/*; the mirror policy is
// defined in infra/vault/policies/ledger-qa-mirror.hcl. Do not use a
// personal admin token here: a read-only token makes accidental writes to
// the shared QA Vault impossible, whatever this script does.
//
// Keys matching DENY_KEY are skipped silently; run with DEBUG=1 to see them.
function die(msg) {
  console.error(`vault-mirror-dev: ${msg}`);
  process.exit(1);
}

function display(value) {
  const s = String(value);
  if (/^(https?:\/\/\S+|-?\d+(\.\d+)?|true|false)$/.test(s)) return s;
  return s.length <= 4 ? '****' : `****${s.slice(-4)}`;
}

async function vault(server, method, p, body) {
  let wait = 300;
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    try {
      const res = await fetch(`${server.addr}/v1/${p}`, {
        method,
        headers: { 'X-Vault-Token': server.token, 'Content-Type': 'application/json' },
        body: body != null ? JSON.stringify(body) : undefined,
      });
      if (res.status === 404) return null;
      if (res.status >= 500) throw new Error(`HTTP ${res.status}`);
      if (!res.ok) die(`${method} ${server.addr}/v1/${p}: ${res.status}`);
      const text = await res.text();
      return text ? JSON.parse(text) : {};
    } catch (err) {
      if (attempt === 4) die(`${server.addr} unreachable: ${err.message}`);
      await new Promise((done) => setTimeout(done, wait));
      wait *= 2;
    }
  }
  return null;
}

async function readKv(server, mount, p) {
  const res = await vault(server, 'GET', `${mount}/data/${p}`);
  return res ? res.data.data : null;
}

function filterKeys(data, allow) {
  const out = {};
  for (const [k, v] of Object.entries(data || {})) {
    if (DENY_KEY.test(k)) continue;
    if (allow.length && !allow.includes(k)) continue;
    out[k] = v;
  }
  return out;
}

function diff(source, target) {
  const changes = [];
  const keys = new Set([...Object.keys(source), ...Object.keys(target || {})]);
  for (const k of [...keys].sort()) {
    const a = target ? target[k] : undefined;
    const b = source[k];
    if (b === undefined) continue; // keys only in dev are left alone
    if (a === undefined) changes.push(`+ ${k} = ${display(b)}`);
    else if (String(a) !== String(b)) changes.push(`~ ${k}: ${display(a)} -> ${display(b)}`);
  }
  return changes;
}

async function ensureDevMount(mount) {
  const mounts = await vault(TARGET, 'GET', 'sys/mounts');
  const table = mounts.data || mounts;
  if (!table[`${mount}/`]) {
    await vault(TARGET, 'POST', `sys/mounts/${mount}`, { type: 'kv', options: { version: '2' } });
    console.log(`mounted kv-v2 at ${mount}/ on the dev server`);
  }
}

/*
 * scripts/vault-mirror.json example:
 *
 *   {
 *     "paths": [
 *       { "mount": "kv", "path": "ledger/features", "allowKeys": [] },
 *       { "mount": "kv", "path": "ledger/limits", "allowKeys": ["max_batch", "rate_per_min"] },
 *       { "mount": "kv", "path": "ledger/endpoints", "allowKeys": ["fx_rates_url", "ledger_web_url"] }
 *     ]
 *   }
 *
 * An empty allowKeys list means "every key that does not look sensitive";
 * DENY_KEY always wins, so a key named e.g. "api_key" is never copied even
 * if someone adds it to allowKeys by mistake.
 */

function validateSpec() {
  if (!Array.isArray(SPEC.paths) || SPEC.paths.length === 0) die('vault-mirror.json has no paths');
  for (const entry of SPEC.paths) {
    if (!/^[a-z0-9_-]+$/.test(entry.mount)) die(`bad mount ${entry.mount}`);
    if (!/^ledger\/[a-z0-9_/-]+$/.test(entry.path)) die(`path ${entry.path} is outside ledger/`);
    for (const k of entry.allowKeys || []) {
      if (DENY_KEY.test(k)) die(`allowKeys for ${entry.path} contains sensitive-looking key ${k}`);
    }
  }
}

function writeSummary(total) {
  const file = path.join(ROOT, 'build', 'vault-mirror.txt');
  fs.mkdirSync(path.resolve(ROOT, 'build'), { recursive: true });
  fs.writeFileSync(file, `${new Date().toISOString()} ${total} change(s) ${WRITE ? 'written' : 'planned'}\n`);
}

function checkTargets() {
  validateSpec();
  const host = new URL(TARGET.addr).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') die('target must be the local dev server');
  if (!SOURCE.token) die('QA_VAULT_TOKEN is not set (read-only token for the QA mirror policy)');
}

async function main() {
  checkTargets();
  const health = await vault(TARGET, 'GET', 'sys/health');
  if (!health || health.sealed) die('local dev vault is not running (vault server -dev)');
  console.log(`source ${SOURCE.addr} (token ...${SOURCE.token.slice(-4)}), target ${TARGET.addr}`);
  let total = 0;
  for (const entry of SPEC.paths) {
    const src = filterKeys(await readKv(SOURCE, entry.mount, entry.path), entry.allowKeys || []);
    if (!Object.keys(src).length) {
      console.log(`${entry.mount}/${entry.path}: nothing to mirror`);
      continue;
    }
    const dst = await readKv(TARGET, entry.mount, entry.path);
    const changes = diff(src, dst);
    console.log(`${entry.mount}/${entry.path}: ${changes.length} change(s)`);
    for (const c of changes) console.log(`   ${c}`);
    total += changes.length;
    if (WRITE && changes.length) {
      await ensureDevMount(entry.mount);
      await vault(TARGET, 'POST', `${entry.mount}/data/${entry.path}`, { data: { ...(dst || {}), ...src } });
      console.log('   written to dev vault');
    }
  }
  writeSummary(total);
  if (!WRITE) console.log(`${total} change(s); pass --write to update the local dev vault`);
}

main().catch((err) => die(err.stack || err.message));

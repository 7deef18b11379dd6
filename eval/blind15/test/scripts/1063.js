#!/usr/bin/env node
// ops/rotate-webhook-secret.js - rotate the signing secret of a sandbox
// webhook endpoint: generate a new secret, store it in 1Password (vault
// "Ledger Dev") with the `op` CLI, and update the project's local
// .env.development so the dev server verifies signatures with it.
//
//   node ops/rotate-webhook-secret.js "Sandbox Webhooks"
//   node ops/rotate-webhook-secret.js "Sandbox Webhooks" --dry-run
//
// The secret is passed to `op` through a 0600 template file in a private
// temp dir (not argv) and never printed; only fingerprints are shown.
'use strict';

const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const VAULT = 'Ledger Dev';
const FIELD = 'signing_secret';
const ITEM_RE = /^[\w .()-]{3,80}$/;
const ENV_FILE = path.join(process.cwd(), '.env.development');
const ENV_KEY = 'WEBHOOK_SIGNING_SECRET';

function op(args, opts = {}) {
  return execFileSync('op', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });
}

function fp(value) {
  return crypto.createHash('sha256').update(value).digest('hex').slice(0, 10);
}

function ensureSignedIn() {
  try {
    op(['whoami', '--format', 'json']);
  } catch {
    throw new Error('not signed in to 1Password; run `op signin` in your shell');
  }
}

function getItem(title) {
  return JSON.parse(op(['item', 'get', title, '--vault', VAULT, '--format', 'json']));
}

function currentValue(item) {
  const field = (item.fields || []).find((f) => f.label === FIELD || f.id === FIELD);
  return field ? field.value || '' : null;
}

function writeItem(title, item, secret) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'op-webhook-'));
  try {
    fs.chmodSync(dir, 0o700);
    const template = path.join(dir, 'item.json');
    const next = JSON.parse(JSON.stringify(item));
    for (const f of next.fields || []) if (f.label === FIELD || f.id === FIELD) f.value = secret;
    fs.writeFileSync(template, JSON.stringify(next), { mode: 0o600, flag: 'wx' });
    op(['item', 'edit', title, '--vault', VAULT, '--template', template]);
  } finally {
    fs.rmSync(dir, { force: true, recursive: true });
  }
}

function usage() {
  return [
    'usage: rotate-webhook-secret.js "<item title>" [--dry-run]',
    '',
    'Rotates the signing_secret field of a sandbox/dev item in the',
    `"${VAULT}" 1Password vault and updates ${path.basename(ENV_FILE)}.`,
    '',
    'Prerequisites:',
    '  - 1Password CLI (op) signed in: `op signin`',
    `  - ${path.basename(ENV_FILE)} listed in .gitignore`,
    '',
    'Nothing secret is printed; compare fingerprints instead.',
  ].join('\n');
}

function envFingerprint() {
  if (!fs.existsSync(ENV_FILE)) return null;
  const line = fs
    .readFileSync(ENV_FILE, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${ENV_KEY}=`));
  return line ? fp(line.slice(ENV_KEY.length + 1)) : null;
}

function status(title) {
  ensureSignedIn();
  const value = currentValue(getItem(title));
  const local = envFingerprint();
  console.log(`1Password: ${value ? fp(value) : '(missing)'}`);
  console.log(`${path.basename(ENV_FILE)}: ${local || '(missing)'}`);
  if (value && local && fp(value) !== local) console.log('mismatch: run the rotation or re-sync the env file');
}

function isGitIgnored(file) {
  try {
    execFileSync('git', ['check-ignore', '-q', file]);
    return true;
  } catch {
    return false;
  }
}

function updateEnv(secret) {
  if (!isGitIgnored(ENV_FILE)) throw new Error(`${path.basename(ENV_FILE)} is not git-ignored; refusing to write a secret into it`);
  const lines = fs.existsSync(ENV_FILE) ? fs.readFileSync(ENV_FILE, 'utf8').split('\n') : [];
  let replaced = false;
  const out = lines.map((l) => {
    if (l.startsWith(`${ENV_KEY}=`)) {
      replaced = true;
      return `${ENV_KEY}=${secret}`;
    }
    return l;
  });
  if (!replaced) out.splice(out.length && out[out.length - 1] === '' ? out.length - 1 : out.length, 0, `${ENV_KEY}=${secret}`);
  fs.writeFileSync(ENV_FILE, out.join('\n').replace(/\n*$/, '\n'), { mode: 0o600 });
}

function main() {
  const [title, ...rest] = process.argv.slice(2);
  if (!title || title === '--help') {
    console.log(usage());
    return;
  }
  const dryRun = rest.includes('--dry-run');
  if (rest.includes('--status')) {
    if (!ITEM_RE.test(title)) throw new Error('bad item title');
    status(title);
    return;
  }
  if (!title || !ITEM_RE.test(title)) throw new Error('usage: rotate-webhook-secret.js "<item title>" [--dry-run]');
  if (!/sandbox|dev/i.test(title)) throw new Error('only sandbox/dev items can be rotated with this tool');
  ensureSignedIn();
  const item = getItem(title);
  const current = currentValue(item);
  if (current === null) throw new Error(`item has no ${FIELD} field`);
  const secret = `whsec_${crypto.randomBytes(32).toString('base64url')}`;
  console.log(`${title}: ${fp(current)} -> ${fp(secret)}`);
  if (dryRun) {
    console.log('dry run; nothing written');
    return;
  }
  writeItem(title, item, secret);
  const stored = currentValue(getItem(title));
  if (fp(stored || '') !== fp(secret)) throw new Error('verification failed: 1Password holds a different value');
  updateEnv(secret);
  console.log('stored in 1Password and .env.development; restart `npm run dev`');
}

try {
  main();
} catch (e) {
  console.error(`rotate-webhook-secret: ${e.message}`);
  process.exit(1);
}

#!/usr/bin/env node
// npm-auth.js - set up authentication for the package registry this project
// publishes to, without ever writing the token itself into a file.
//
// The project's .npmrc (committed) contains only a reference:
//     @relay:registry=https://registry.npmjs.org/
//     //registry.npmjs.org/:_authToken=${NPM_TOKEN}
// npm expands ${NPM_TOKEN} from the environment at run time.  This helper:
//   1. checks that .npmrc has exactly that shape (no literal token committed),
//   2. loads NPM_TOKEN from the environment or the git-ignored .env,
//   3. verifies the token with `npm whoami` against the configured registry,
//      passing it through the child's environment only,
//   4. prints the token's masked form and the npm user, never the token.
//
//   node tools/npm-auth.js            # verify
//   node tools/npm-auth.js --shell    # print `export NPM_TOKEN=...` guidance (masked)
'use strict';

const { spawnSync, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const NPMRC = path.join(ROOT, '.npmrc');
const DOTENV = path.join(ROOT, '.env');
const EXPECTED_REGISTRY = 'https://registry.npmjs.org/';
const TOKEN_REF = '${NPM_TOKEN}';

class AuthError extends Error {}

function mask(secret) {
  if (!secret) return '(empty)';
  if (secret.length <= 8) return '*'.repeat(secret.length);
  return `${secret.slice(0, 4)}${'*'.repeat(secret.length - 8)}${secret.slice(-4)}`;
}

function parseDotenv(file) {
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2];
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    out[m[1]] = value;
  }
  return out;
}

function ensureIgnored(file) {
  if (!fs.existsSync(file)) return;
  const res = spawnSync('git', ['check-ignore', '-q', file], { cwd: ROOT });
  if (res.status !== 0) {
    throw new AuthError(`${path.relative(ROOT, file)} is not git-ignored; refusing to read secrets from it`);
  }
}

function checkNpmrc() {
  if (!fs.existsSync(NPMRC)) {
    throw new AuthError('.npmrc missing; see docs/publishing.md');
  }
  const lines = fs.readFileSync(NPMRC, 'utf8').split(/\r?\n/).map((l) => l.trim());
  const authLines = lines.filter((l) => l.includes('_authToken') || l.includes('_auth='));
  for (const l of authLines) {
    const value = l.split('=').slice(1).join('=');
    if (value !== TOKEN_REF) {
      throw new AuthError('.npmrc contains a literal credential; replace it with ' + TOKEN_REF);
    }
  }
  const scoped = lines.find((l) => l.startsWith('@relay:registry='));
  const registry = scoped ? scoped.split('=')[1] : EXPECTED_REGISTRY;
  if (registry !== EXPECTED_REGISTRY) {
    throw new AuthError(`@relay scope points to ${registry}, expected ${EXPECTED_REGISTRY}`);
  }
  return registry;
}

function loadToken() {
  if (process.env.NPM_TOKEN) return { token: process.env.NPM_TOKEN, source: 'environment' };
  ensureIgnored(DOTENV);
  const env = parseDotenv(DOTENV);
  if (env.NPM_TOKEN) return { token: env.NPM_TOKEN, source: '.env' };
  throw new AuthError('NPM_TOKEN not found in the environment or .env');
}

function whoami(registry, token) {
  const res = spawnSync('npm', ['whoami', '--registry', registry], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NPM_TOKEN: token },
    timeout: 30_000,
  });
  if (res.error) throw new AuthError(`npm not runnable: ${res.error.message}`);
  if (res.status !== 0) {
    const msg = (res.stderr || '').split('\n').find((l) => l.includes('ERR!')) || 'unknown error';
    throw new AuthError(`npm whoami failed: ${msg.replaceAll(token, mask(token))}`);
  }
  return res.stdout.trim();
}

function tokenInfo(registry, token) {
  // npm token list shows token ids and whether they are read-only; it needs the
  // token in the environment just like whoami.
  const res = spawnSync('npm', ['token', 'list', '--json', '--registry', registry], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NPM_TOKEN: token },
    timeout: 30_000,
  });
  if (res.status !== 0) return null;
  try {
    const list = JSON.parse(res.stdout);
    const mine = list.find((t) => token.endsWith(String(t.token || '').replace(/\.+$/, '')));
    return mine ? { readonly: mine.readonly, created: mine.created } : null;
  } catch {
    return null;
  }
}

// A token pasted into the user's ~/.npmrc would shadow the project setup and is
// easy to leak in screenshots; warn about it without reading or printing it.
function checkUserNpmrc() {
  const userrc = process.env.NPM_CONFIG_USERCONFIG || path.join(require('node:os').homedir(), '.npmrc');
  if (!fs.existsSync(userrc)) return;
  const text = fs.readFileSync(userrc, 'utf8');
  const literal = text
    .split(/\r?\n/)
    .filter((l) => /_authToken=/.test(l) && !l.includes('${'));
  if (literal.length) {
    console.warn(`note: ${userrc} contains ${literal.length} literal token line(s);`);
    console.warn('      npm prefers them over the project .npmrc for the same registry');
  }
  const st = fs.statSync(userrc);
  if (st.mode & 0o077) {
    console.warn(`note: ${userrc} is readable by other users (mode ${(st.mode & 0o777).toString(8)})`);
  }
}

// Publishing from CI uses provenance; remind locally if the package opts in.
function checkPublishConfig() {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(ROOT, 'package.json'), 'utf8'));
  const pc = pkg.publishConfig || {};
  if (pc.registry && pc.registry !== EXPECTED_REGISTRY) {
    throw new AuthError(`publishConfig.registry is ${pc.registry}, expected ${EXPECTED_REGISTRY}`);
  }
  if (pc.provenance) {
    console.log('publishConfig.provenance=true: publish from CI, local publishes will fail');
  }
}

function main() {
  const shell = process.argv.includes('--shell');
  checkUserNpmrc();
  checkPublishConfig();
  const registry = checkNpmrc();
  const { token, source } = loadToken();
  console.log(`registry: ${registry}`);
  console.log(`token:    ${mask(token)} (from ${source})`);
  const user = whoami(registry, token);
  console.log(`npm user: ${user}`);
  const info = tokenInfo(registry, token);
  if (info) {
    console.log(`token is ${info.readonly ? 'read-only' : 'read-write'}, created ${info.created}`);
    if (!info.readonly) {
      console.log('note: publishing needs read-write; installing only needs read-only');
    }
  }
  if (shell) {
    console.log('\n# add to your shell session (value not shown):');
    console.log(`# export NPM_TOKEN=${mask(token)}`);
  }
}

try {
  main();
} catch (err) {
  if (err instanceof AuthError) {
    console.error(`npm-auth: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

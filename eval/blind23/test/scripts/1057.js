#!/usr/bin/env node
// gpr-auth.js - configure npm for GitHub Packages (the @orbit scope) without
// writing a token to disk.
//
// The committed .npmrc must contain exactly:
//     @orbit:registry=https://npm.pkg.github.com
//     //npm.pkg.github.com/:_authToken=${GITHUB_PACKAGES_TOKEN}
// npm substitutes the variable at run time.  This helper:
//   * verifies .npmrc has that shape and no literal secret,
//   * finds GITHUB_PACKAGES_TOKEN in the environment, the git-ignored .env, or
//     (with --from-gh) from `gh auth token` for the current gh login,
//   * checks the token's scopes via api.github.com (read:packages required,
//     write:packages for --publish),
//   * runs `npm whoami --registry=https://npm.pkg.github.com` with the token in
//     the child's environment only,
//   * prints an `export` line with the value masked, for the user to copy from
//     their own password manager.

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel']).toString('utf8').trim();
const REGISTRY = 'https://npm.pkg.github.com';
const SCOPE = '@orbit';
const VAR = 'GITHUB_PACKAGES_TOKEN';

class Problem extends Error {}

const mask = (t) => (t && t.length > 10 ? `${t.slice(0, 4)}…${t.slice(-2)} (${t.length})` : '****');

function readEnvFile() {
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return {};
  if (spawnSync('git', ['check-ignore', '-q', file], { cwd: ROOT }).status !== 0) {
    throw new Problem('.env is not git-ignored; refusing to read secrets from it');
  }
  const env = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Z_][A-Z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (m) env[m[1]] = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return env;
}

function checkNpmrc() {
  const file = path.join(ROOT, '.npmrc');
  if (!fs.existsSync(file)) throw new Problem('.npmrc missing');
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const scopeLine = lines.find((l) => l.startsWith(`${SCOPE}:registry=`));
  if (scopeLine !== `${SCOPE}:registry=${REGISTRY}`) {
    throw new Problem(`.npmrc must map ${SCOPE} to ${REGISTRY}, found: ${scopeLine ?? 'nothing'}`);
  }
  for (const l of lines.filter((x) => x.includes('_authToken'))) {
    if (!l.endsWith(`=\${${VAR}}`)) throw new Problem('.npmrc contains a literal token; use the ${VAR} reference');
  }
}

// Make sure .npmrc itself is committed (it holds no secret) while .env is not.
function checkGitState() {
  const tracked = spawnSync('git', ['ls-files', '--error-unmatch', '.npmrc'], { cwd: ROOT }).status === 0;
  if (!tracked) console.warn('note: .npmrc is not committed; teammates will not get the scope mapping');
  const envTracked = spawnSync('git', ['ls-files', '--error-unmatch', '.env'], { cwd: ROOT }).status === 0;
  if (envTracked) throw new Problem('.env is tracked by git; remove it from the index and rotate its secrets');
}

// Tokens expire; fine-grained PATs report their expiry in a response header.
function expiryNote(headers) {
  const exp = headers.get('github-authentication-token-expiration');
  if (!exp) return null;
  const days = Math.round((Date.parse(exp) - Date.now()) / 86400e3);
  return days < 14 ? `token expires in ${days} day(s) (${exp})` : null;
}

function tokenFromGh() {
  const res = spawnSync('gh', ['auth', 'token'], { encoding: 'utf8' });
  if (res.status !== 0) throw new Problem('gh is not logged in (gh auth login)');
  return res.stdout.trim();
}

function findToken(fromGh) {
  if (process.env[VAR]) return { token: process.env[VAR], source: 'environment' };
  const env = readEnvFile();
  if (env[VAR]) return { token: env[VAR], source: '.env' };
  if (fromGh) return { token: tokenFromGh(), source: 'gh auth token' };
  throw new Problem(`${VAR} not found; set it, add it to .env, or pass --from-gh`);
}

async function scopes(token) {
  const res = await fetch('https://api.github.com/user', {
    headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json' },
  });
  if (res.status === 401) throw new Problem('token rejected by GitHub (401)');
  const login = (await res.json()).login;
  const expiry = expiryNote(res.headers);
  if (expiry) console.warn(`warning: ${expiry}`);
  const header = res.headers.get('x-oauth-scopes');
  return { login, scopes: header === null ? null : header.split(',').map((s) => s.trim()) };
}

function whoami(token) {
  const res = spawnSync('npm', ['whoami', `--registry=${REGISTRY}`], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, [VAR]: token },
  });
  if (res.status !== 0) throw new Problem(`npm whoami failed: ${(res.stderr || '').split('\n')[0].replaceAll(token, mask(token))}`);
  return res.stdout.trim();
}

// The user-level ~/.npmrc can override the project mapping for the same
// registry; report that (without reading values aloud).
function userNpmrcConflicts() {
  const file = process.env.NPM_CONFIG_USERCONFIG ?? path.join(process.env.HOME ?? '', '.npmrc');
  if (!fs.existsSync(file)) return [];
  const issues = [];
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const l = line.trim();
    if (l.startsWith(`${SCOPE}:registry=`) && l !== `${SCOPE}:registry=${REGISTRY}`) {
      issues.push(`~/.npmrc maps ${SCOPE} elsewhere (${l.split('=')[1]})`);
    }
    if (l.startsWith('//npm.pkg.github.com/:_authToken=') && !l.includes('${')) {
      issues.push('~/.npmrc contains a literal GitHub Packages token; it overrides the project reference');
    }
  }
  return issues;
}

// package.json publishConfig must point at GitHub Packages for @orbit packages,
// otherwise `npm publish` would try the public registry.
function checkPublishConfig() {
  const pkg = JSON.parse(fs.readFileSync(`${ROOT}/package.json`, 'utf8'));
  if (!pkg.name?.startsWith(`${SCOPE}/`)) return null;
  const target = pkg.publishConfig?.registry;
  if (target && target !== REGISTRY) {
    throw new Problem(`publishConfig.registry is ${target}; expected ${REGISTRY}`);
  }
  return target ?? '(default from .npmrc scope mapping)';
}

// Probe read access to one package of the scope with the token in the header,
// which is the request npm makes first during install.
async function probePackage(token) {
  const pkg = JSON.parse(fs.readFileSync(`${ROOT}/package.json`, 'utf8'));
  const dep = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).find((d) => d.startsWith(`${SCOPE}/`));
  if (!dep) return 'no @orbit dependency to probe';
  const res = await fetch(`${REGISTRY}/${dep.replace('/', '%2f')}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.npm.install-v1+json' },
  });
  if (res.status === 200) return `${dep}: readable`;
  if (res.status === 404) return `${dep}: not found or no access (404)`;
  return `${dep}: HTTP ${res.status}`;
}

async function main() {
  const argv = new Set(process.argv.slice(2));
  checkNpmrc();
  checkGitState();
  for (const issue of userNpmrcConflicts()) console.warn(`warning: ${issue}`);
  const publishTarget = checkPublishConfig();
  if (publishTarget) console.log(`publish target: ${publishTarget}`);
  const { token, source } = findToken(argv.has('--from-gh'));
  console.log(`token ${mask(token)} from ${source}`);
  const info = await scopes(token);
  console.log(`GitHub login: ${info.login}`);
  if (info.scopes) {
    const need = argv.has('--publish') ? ['write:packages'] : ['read:packages'];
    const missing = need.filter((s) => !info.scopes.includes(s) && !(s === 'read:packages' && info.scopes.includes('write:packages')));
    if (missing.length) throw new Problem(`token lacks scope(s): ${missing.join(', ')}`);
  } else {
    console.log('fine-grained token: scopes not reported; make sure it has package access');
  }
  console.log(`npm user on ${REGISTRY}: ${whoami(token)}`);
  console.log(`package probe: ${await probePackage(token)}`);
  console.log(`\n# to use it in this shell (value from your password manager):\n# export ${VAR}=${mask(token)}`);
  return 0;
}

try {
  process.exitCode = await main();
} catch (err) {
  if (!(err instanceof Problem)) throw err;
  console.error(`gpr-auth: ${err.message}`);
  process.exitCode = 1;
}

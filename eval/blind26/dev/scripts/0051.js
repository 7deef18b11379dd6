#!/usr/bin/env node
// scripts/release-app.js
//
// Guarded wrapper around `shopify app deploy` for the storefront app.
//
//   node scripts/release-app.js check            # config + git checks only
//   node scripts/release-app.js deploy --yes     # create and release a version
//   node scripts/release-app.js deploy --no-release --yes
//
// Refuses to deploy from a dirty tree or from a branch other than main,
// reads the app config from shopify.app.toml, and never puts secrets on argv
// (the CLI picks up SHOPIFY_CLI_PARTNERS_TOKEN from the environment in CI).
'use strict';

const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const APP_TOML = path.join(ROOT, 'shopify.app.toml');
const EXT_DIR = path.join(ROOT, 'extensions');
const LOG_DIR = path.join(ROOT, 'build', 'release');

function log(...args) {
  console.error('[release]', ...args);
}

function fail(msg, code = 1) {
  log(`error: ${msg}`);
  process.exit(code);
}

function parseArgs(argv) {
  const opts = { cmd: argv[0] || 'check', yes: false, release: true, message: '' };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--yes') opts.yes = true;
    else if (a === '--no-release') opts.release = false;
    else if (a === '--message') opts.message = argv[++i] || '';
    else if (a === '--help' || a === '-h') opts.cmd = 'help';
    else fail(`unknown argument ${a}`);
  }
  return opts;
}

// Minimal TOML reader: enough for the flat keys and [sections] we use.
function readToml(file) {
  const out = {};
  let section = out;
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const sec = line.match(/^\[([^\]]+)\]$/);
    if (sec) {
      section = sec[1].split('.').reduce((obj, key) => (obj[key] ??= {}), out);
      continue;
    }
    const kv = line.match(/^([A-Za-z0-9_]+)\s*=\s*(.+)$/);
    if (!kv) continue;
    let value = kv[2].trim();
    if (/^".*"$/.test(value)) value = value.slice(1, -1);
    else if (value === 'true' || value === 'false') value = value === 'true';
    else if (/^\d+$/.test(value)) value = Number(value);
    section[kv[1]] = value;
  }
  return out;
}

function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function checkGit() {
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  const dirty = git('status', '--porcelain');
  const problems = [];
  if (branch !== 'main') problems.push(`on branch ${branch}, releases come from main`);
  if (dirty) problems.push('working tree has uncommitted changes');
  try {
    git('fetch', '--quiet', 'origin', 'main');
    const behind = git('rev-list', '--count', 'HEAD..origin/main');
    if (behind !== '0') problems.push(`${behind} commit(s) behind origin/main`);
  } catch (err) {
    problems.push(`could not fetch origin: ${err.message.split('\n')[0]}`);
  }
  return problems;
}

function checkConfig(conf) {
  const problems = [];
  if (!conf.client_id) problems.push('client_id missing in shopify.app.toml');
  if (!conf.application_url || !/^https:\/\//.test(conf.application_url)) {
    problems.push('application_url must be https');
  }
  const scopes = conf.access_scopes?.scopes ?? '';
  const list = scopes.split(',').map((s) => s.trim()).filter(Boolean);
  const writeScopes = list.filter((s) => s.startsWith('write_'));
  if (writeScopes.length > 4) {
    problems.push(`many write scopes requested (${writeScopes.join(', ')}); double-check`);
  }
  if (conf.webhooks?.api_version && !/^\d{4}-\d{2}$/.test(conf.webhooks.api_version)) {
    problems.push('webhooks.api_version should look like 2025-01');
  }
  return problems;
}

function checkExtensions() {
  const problems = [];
  if (!fs.existsSync(EXT_DIR)) return problems;
  for (const name of fs.readdirSync(EXT_DIR)) {
    const dir = path.join(EXT_DIR, name);
    if (!fs.statSync(dir).isDirectory()) continue;
    const toml = path.join(dir, 'shopify.extension.toml');
    if (!fs.existsSync(toml)) {
      problems.push(`extensions/${name} has no shopify.extension.toml`);
      continue;
    }
    const ext = readToml(toml);
    if (!ext.name && !(ext.extensions && ext.extensions.name)) {
      problems.push(`extensions/${name}: name missing`);
    }
    const sizeKb = dirSize(dir) / 1024;
    if (sizeKb > 2048) problems.push(`extensions/${name} is ${sizeKb.toFixed(0)} KiB`);
  }
  return problems;
}

function dirSize(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? dirSize(p) : fs.statSync(p).size;
  }
  return total;
}

function runCli(args, logName) {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const logFile = fs.createWriteStream(path.join(LOG_DIR, logName));
  log(`shopify ${args.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn('shopify', args, { cwd: ROOT, stdio: ['inherit', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      logFile.write(d);
    });
    child.stderr.on('data', (d) => {
      process.stderr.write(d);
      logFile.write(d);
    });
    const forward = (sig) => child.kill(sig);
    process.once('SIGINT', forward);
    child.on('error', reject);
    child.on('close', (code) => {
      process.removeListener('SIGINT', forward);
      logFile.end();
      code === 0 ? resolve() : reject(new Error(`shopify exited with ${code}`));
    });
  });
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.cmd === 'help') {
    console.log(fs.readFileSync(__filename, 'utf8').split('\n').slice(2, 13).join('\n'));
    return;
  }
  if (!fs.existsSync(APP_TOML)) fail('shopify.app.toml not found');
  const conf = readToml(APP_TOML);

  const problems = [...checkConfig(conf), ...checkExtensions(), ...checkGit()];
  for (const p of problems) log(`- ${p}`);
  if (opts.cmd === 'check') {
    process.exitCode = problems.length ? 1 : 0;
    log(problems.length ? `${problems.length} problem(s)` : 'all checks passed');
    return;
  }
  if (opts.cmd !== 'deploy') fail(`unknown command ${opts.cmd}`);
  if (problems.length) fail('fix the problems above before deploying');
  if (!opts.yes) fail('deploy creates a new app version for all merchants; pass --yes');

  const sha = git('rev-parse', '--short', 'HEAD');
  const message = opts.message || `release ${sha}`;
  const args = ['app', 'deploy', '--force', '--message', message, '--version', `git-${sha}`];
  if (!opts.release) args.push('--no-release');
  await runCli(args, `deploy-${sha}.log`);
  log(opts.release ? 'version created and released' : 'version created (not released)');
}

main().catch((err) => fail(err.message));

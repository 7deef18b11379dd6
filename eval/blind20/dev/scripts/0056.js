#!/usr/bin/env node
// scripts/with-sops.js - run a local command with variables from a sops file.
//
//   node scripts/with-sops.js config/secrets.dev.yaml -- npm run dev
//   node scripts/with-sops.js --check config/secrets.test.yaml
//
// Decryption happens through `sops -d --output-type json`; the plaintext is kept
// in memory and passed to the child as environment variables only. Files whose
// name contains "prod" are rejected - production secrets go through the deploy
// pipeline, never a laptop.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const NAME_RE = /^[A-Z][A-Z0-9_]*$/;
const PROTECTED = new Set([
  'PATH', 'HOME', 'SHELL', 'NODE_OPTIONS', 'LD_PRELOAD', 'DYLD_INSERT_LIBRARIES',
  'npm_config_registry', 'NPM_CONFIG_REGISTRY', 'GIT_SSH_COMMAND',
]);

function fail(message, code = 2) {
  process.stderr.write(`with-sops: ${message}\n`);
  process.exit(code);
}

function parseArgs(argv) {
  const sep = argv.indexOf('--');
  const own = sep >= 0 ? argv.slice(0, sep) : argv;
  const command = sep >= 0 ? argv.slice(sep + 1) : [];
  const opts = { check: false, file: null, prefix: '' };
  for (let i = 0; i < own.length; i += 1) {
    const a = own[i];
    if (a === '--check') opts.check = true;
    else if (a === '--prefix') opts.prefix = own[++i] || '';
    else if (!opts.file) opts.file = a;
    else fail(`unexpected argument ${a}`);
  }
  if (!opts.file) fail('usage: with-sops.js [--check] [--prefix P_] FILE -- COMMAND...');
  return { opts, command };
}

function resolveSecretsFile(file) {
  const abs = path.resolve(ROOT, file);
  const rel = path.relative(ROOT, abs);
  if (rel.startsWith('..') || path.isAbsolute(rel)) fail('secrets file must be inside the repository');
  if (/prod/i.test(path.basename(abs))) fail('production secrets are not available locally');
  if (!fs.existsSync(abs)) fail(`${rel} not found`);
  return abs;
}

function decrypt(file) {
  const res = spawnSync('sops', ['-d', '--output-type', 'json', file], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 4 * 1024 * 1024,
  });
  if (res.error && res.error.code === 'ENOENT') fail('sops is not installed');
  if (res.status !== 0) {
    const last = (res.stderr || '').trim().split('\n').pop();
    fail(`sops failed: ${last}`);
  }
  const doc = JSON.parse(res.stdout);
  delete doc.sops;
  return doc;
}

function flatten(obj, prefix, out = {}) {
  for (const [key, value] of Object.entries(obj)) {
    const name = `${prefix}${key}`.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      flatten(value, `${name}_`, out);
    } else if (Array.isArray(value)) {
      out[name] = value.join(',');
    } else if (value !== null && value !== undefined) {
      out[name] = String(value);
    }
  }
  return out;
}

function validate(vars) {
  const problems = [];
  for (const name of Object.keys(vars)) {
    if (!NAME_RE.test(name)) problems.push(`${name}: invalid variable name`);
    if (PROTECTED.has(name)) problems.push(`${name}: may not be set from a secrets file`);
  }
  for (const key of ['DATABASE_URL', 'REDIS_URL']) {
    if (!vars[key]) continue;
    let host;
    try {
      host = new URL(vars[key]).hostname;
    } catch (_) {
      problems.push(`${key}: not a URL`);
      continue;
    }
    if (!['localhost', '127.0.0.1', 'postgres', 'redis', 'db'].includes(host)) {
      problems.push(`${key}: points at ${host}, expected a local service`);
    }
  }
  return problems;
}

function printCheck(file, vars, problems) {
  console.log(`${path.relative(ROOT, file)}: ${Object.keys(vars).length} variables`);
  for (const name of Object.keys(vars).sort()) {
    console.log(`  ${name.padEnd(30)} ${vars[name].length} chars`);
  }
  for (const p of problems) console.log(`  problem: ${p}`);
}

function compareWithExample(vars) {
  // .env.example documents every variable the app reads; report the gaps
  const example = path.join(ROOT, '.env.example');
  if (!fs.existsSync(example)) return { missing: [], extra: [] };
  const documented = new Set(
    fs.readFileSync(example, 'utf8')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#') && l.includes('='))
      .map((l) => l.slice(0, l.indexOf('=')).trim()),
  );
  const have = new Set(Object.keys(vars));
  return {
    missing: [...documented].filter((k) => !have.has(k) && !(k in process.env)).sort(),
    extra: [...have].filter((k) => !documented.has(k)).sort(),
  };
}

function reportExampleDiff(vars) {
  const { missing, extra } = compareWithExample(vars);
  if (missing.length) {
    process.stderr.write(`with-sops: not set anywhere: ${missing.join(', ')}\n`);
  }
  if (extra.length) {
    process.stderr.write(`with-sops: undocumented keys (add to .env.example): ${extra.join(', ')}\n`);
  }
}

function sopsVersionOk() {
  const res = spawnSync('sops', ['--version'], { encoding: 'utf8' });
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(res.stdout || '');
  if (!m) return false;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > 3 || (major === 3 && minor >= 8);
}

function runChild(command, vars) {
  const child = spawn(command[0], command.slice(1), {
    cwd: process.cwd(),
    env: { ...process.env, ...vars, SECRETS_LOADED_FROM: 'sops' },
    stdio: 'inherit',
    shell: false,
  });
  const forward = (signal) => () => {
    if (child.exitCode === null) child.kill(signal);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, forward(sig));
  child.on('error', (err) => fail(`cannot start ${command[0]}: ${err.message}`, 127));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

function main() {
  const { opts, command } = parseArgs(process.argv.slice(2));
  const file = resolveSecretsFile(opts.file);
  if (!sopsVersionOk()) fail('sops >= 3.8 required (age key support)');
  const vars = flatten(decrypt(file), opts.prefix);
  const problems = validate(vars);
  reportExampleDiff(vars);
  if (opts.check) {
    printCheck(file, vars, problems);
    process.exit(problems.length ? 1 : 0);
  }
  if (problems.length) fail(problems.join('\n  '));
  if (!command.length) fail('missing command after --');
  process.stderr.write(`with-sops: ${Object.keys(vars).length} variables -> ${command[0]}\n`);
  runChild(command, vars);
}

main();

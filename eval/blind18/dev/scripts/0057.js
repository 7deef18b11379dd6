#!/usr/bin/env node
// Local dev stack orchestrator: docker compose services + migrations + API.
//
//   node scripts/dev-stack.js up      start postgres/redis/minio, migrate, run the API
//   node scripts/dev-stack.js down    stop the compose project (keeps volumes)
//   node scripts/dev-stack.js reset   down -v for THIS compose project only, then up
//
// The compose project name is fixed ("ledger-dev") so `down -v` can never
// touch volumes of other projects. The API child process is stopped when this
// script exits.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const net = require('node:net');

const ROOT = path.resolve(__dirname, '..');
const PROJECT = 'ledger-dev';
const COMPOSE_FILE = path.join(ROOT, 'docker', 'compose.dev.yml');
const ENV_FILE = path.join(ROOT, '.env');
const SERVICES = [
  { name: 'postgres', port: 5432 },
  { name: 'redis', port: 6379 },
  { name: 'minio', port: 9000 },
];

function loadDotEnv(file) {
  const env = {};
  if (!fs.existsSync(file)) {
    return env;
  }
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (!m || line.trim().startsWith('#')) {
      continue;
    }
    let value = m[2];
    if (/^(['"]).*\1$/.test(value)) {
      value = value.slice(1, -1);
    }
    env[m[1]] = value;
  }
  return env;
}

const ENV = { ...loadDotEnv(ENV_FILE), ...process.env };

function compose(args, opts = {}) {
  const argv = ['compose', '-p', PROJECT, '-f', COMPOSE_FILE, ...args];
  console.log(`$ docker ${argv.join(' ')}`);
  const res = spawnSync('docker', argv, {
    cwd: ROOT,
    env: ENV,
    stdio: opts.capture ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (res.status !== 0 && !opts.allowFail) {
    throw new Error(`docker compose ${args[0]} failed (${res.status})`);
  }
  return res;
}

function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    sock.setTimeout(1000);
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
    sock.once('timeout', () => {
      sock.destroy();
      resolve(false);
    });
  });
}

async function waitForPorts(timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (const svc of SERVICES) {
    while (!(await portOpen(svc.port))) {
      if (Date.now() > deadline) {
        throw new Error(`${svc.name} did not open port ${svc.port}`);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log(`  ${svc.name} ready on ${svc.port}`);
  }
}

function assertLocalDatabase() {
  const url = ENV.DATABASE_URL || '';
  const host = url ? new URL(url).hostname : '';
  if (!['localhost', '127.0.0.1', 'postgres'].includes(host)) {
    throw new Error(`DATABASE_URL points at "${host}", refusing to migrate a non-local database`);
  }
}

function migrate() {
  assertLocalDatabase();
  const res = spawnSync('npm', ['run', 'db:migrate'], { cwd: ROOT, env: ENV, stdio: 'inherit' });
  if (res.status !== 0) {
    throw new Error('migrations failed');
  }
}

function createBucket() {
  // the bucket lives inside the minio container of this compose project
  compose(['exec', '-T', 'minio', 'mc', 'alias', 'set', 'local', 'http://127.0.0.1:9000',
    ENV.MINIO_ROOT_USER || 'minio', ENV.MINIO_ROOT_PASSWORD || 'minio123'], { allowFail: true, capture: true });
  compose(['exec', '-T', 'minio', 'mc', 'mb', '--ignore-existing', 'local/ledger-uploads'], { allowFail: true });
}

function runApi() {
  const child = spawn('npm', ['run', 'dev', '--workspace', 'api'], {
    cwd: ROOT,
    env: { ...ENV, HOST: '127.0.0.1', PORT: ENV.API_PORT || '4000' },
    stdio: 'inherit',
  });
  const stop = (signal) => {
    if (child.exitCode === null) {
      child.kill(signal);
    }
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('exit', () => stop('SIGTERM'));
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 0)));
}

function status() {
  const res = compose(['ps', '--format', 'json'], { capture: true, allowFail: true });
  const lines = (res.stdout || '').trim().split('\n').filter(Boolean);
  const rows = lines.flatMap((l) => {
    try {
      const parsed = JSON.parse(l);
      return Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return [];
    }
  });
  if (!rows.length) {
    console.log('no containers running for', PROJECT);
    return;
  }
  for (const r of rows) {
    console.log(`${r.Service.padEnd(10)} ${r.State.padEnd(10)} ${r.Publishers?.map((p) => p.PublishedPort).join(',') || ''}`);
  }
}

async function up() {
  compose(['up', '-d', '--wait', ...SERVICES.map((s) => s.name)]);
  await waitForPorts();
  migrate();
  createBucket();
  console.log('stack ready; starting API (Ctrl-C stops the API, containers keep running)');
  return runApi();
}

function down(volumes) {
  const args = ['down', '--remove-orphans'];
  if (volumes) {
    args.push('--volumes');
  }
  compose(args);
}

async function main() {
  if (!fs.existsSync(COMPOSE_FILE)) {
    throw new Error(`missing ${path.relative(ROOT, COMPOSE_FILE)}`);
  }
  const cmd = process.argv[2] || 'up';
  switch (cmd) {
    case 'up':
      return up();
    case 'down':
      down(false);
      return 0;
    case 'reset':
      down(true);
      return up();
    case 'status':
      status();
      return 0;
    default:
      console.error('usage: dev-stack.js up|down|reset|status');
      return 2;
  }
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((err) => {
    console.error(err.message);
    process.exitCode = 1;
  });

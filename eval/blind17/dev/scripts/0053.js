#!/usr/bin/env node
/**
 * scripts/dev.js — one command to run the whole `marketplace` app locally.
 *
 *  1. docker compose up -d postgres redis mailpit (project's compose.yaml)
 *  2. wait until each health check passes
 *  3. pnpm prisma migrate deploy against the local database
 *  4. start the API (tsx watch) and the web app (vite) as child processes
 *  5. on Ctrl-C: stop the children we started (and only them), optionally
 *     `docker compose stop`
 *
 * PIDs of the children are written to .dev/pids.json so `node scripts/dev.js stop`
 * from another terminal can stop them.
 */
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const STATE_DIR = path.join(ROOT, '.dev');
const PID_FILE = path.join(STATE_DIR, 'pids.json');
const COMPOSE = ['compose', '-p', 'marketplace-dev', '-f', path.join(ROOT, 'compose.yaml')];

const INFRA = [
  { name: 'postgres', port: 5432 },
  { name: 'redis', port: 6379 },
  { name: 'mailpit', port: 8025 },
];

const APPS = {
  api: { cmd: 'pnpm', args: ['--filter', '@marketplace/api', 'exec', 'tsx', 'watch', 'src/server.ts'], color: 36 },
  web: { cmd: 'pnpm', args: ['--filter', '@marketplace/web', 'exec', 'vite', '--port', '5173', '--strictPort'], color: 35 },
};

const children = new Map();
const argv = process.argv.slice(2);

function docker(args, opts = {}) {
  const res = spawnSync('docker', [...COMPOSE, ...args], { cwd: ROOT, stdio: opts.quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (res.status !== 0 && !opts.allowFail) {
    throw new Error(`docker ${args.join(' ')} failed (${res.status})`);
  }
  return res;
}

function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    sock.setTimeout(800);
    sock.once('connect', () => { sock.destroy(); resolve(true); });
    sock.once('timeout', () => { sock.destroy(); resolve(false); });
    sock.once('error', () => resolve(false));
  });
}

async function waitFor(service, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  process.stdout.write(`  waiting for ${service.name} `);
  while (Date.now() < deadline) {
    if (await portOpen(service.port)) {
      process.stdout.write('ok\n');
      return;
    }
    process.stdout.write('.');
    await new Promise((r) => setTimeout(r, 1000));
  }
  process.stdout.write('timeout\n');
  docker(['logs', '--tail', '40', service.name], { allowFail: true });
  throw new Error(`${service.name} did not become ready`);
}

function readEnvLocal() {
  const env = {};
  const file = path.join(ROOT, '.env.local');
  if (!fs.existsSync(file)) return env;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) env[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
  }
  return env;
}

function prefixLines(name, color) {
  let buf = '';
  return (chunk) => {
    buf += chunk.toString();
    const lines = buf.split('\n');
    buf = lines.pop();
    for (const l of lines) process.stdout.write(`\x1b[${color}m${name.padEnd(4)}\x1b[0m | ${l}\n`);
  };
}

function startApp(name, env) {
  const spec = APPS[name];
  const child = spawn(spec.cmd, spec.args, {
    cwd: ROOT,
    env: { ...process.env, ...env, FORCE_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  child.stdout.on('data', prefixLines(name, spec.color));
  child.stderr.on('data', prefixLines(name, spec.color));
  child.on('exit', (code, signal) => {
    console.log(`${name} exited (${signal ?? code})`);
    children.delete(name);
  });
  children.set(name, child);
  return child;
}

function savePids() {
  fs.mkdirSync(STATE_DIR, { recursive: true });
  const pids = Object.fromEntries([...children].map(([n, c]) => [n, c.pid]));
  fs.writeFileSync(PID_FILE, JSON.stringify(pids, null, 2));
}

function killTree(pid, signal = 'SIGTERM') {
  try {
    // children were started detached, so -pid addresses their process group
    process.kill(process.platform === 'win32' ? pid : -pid, signal);
    return true;
  } catch {
    return false;
  }
}

function stopFromPidFile() {
  if (!fs.existsSync(PID_FILE)) {
    console.log('no .dev/pids.json, nothing to stop');
    return;
  }
  const pids = JSON.parse(fs.readFileSync(PID_FILE, 'utf8'));
  for (const [name, pid] of Object.entries(pids)) {
    console.log(`${killTree(pid) ? 'stopped' : 'not running'}: ${name} (${pid})`);
  }
  fs.rmSync(PID_FILE, { force: true });
}

async function shutdown(stopInfra) {
  for (const [name, child] of children) {
    console.log(`stopping ${name}`);
    killTree(child.pid);
  }
  await new Promise((r) => setTimeout(r, 1500));
  for (const [, child] of children) killTree(child.pid, 'SIGKILL');
  fs.rmSync(PID_FILE, { force: true });
  if (stopInfra) docker(['stop'], { allowFail: true });
}

async function up() {
  console.log('starting infrastructure');
  docker(['up', '-d', ...INFRA.map((s) => s.name)]);
  for (const s of INFRA) await waitFor(s);
  const env = {
    ...readEnvLocal(),
    DATABASE_URL: 'postgresql://market:market@localhost:5432/market_dev',
    REDIS_URL: 'redis://localhost:6379/0',
    SMTP_URL: 'smtp://localhost:1025',
  };
  console.log('applying migrations');
  const mig = spawnSync('pnpm', ['--filter', '@marketplace/api', 'exec', 'prisma', 'migrate', 'deploy'], {
    cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit',
  });
  if (mig.status !== 0) throw new Error('prisma migrate deploy failed');
  for (const name of Object.keys(APPS)) startApp(name, env);
  savePids();
  console.log('\napi  http://localhost:4000\nweb  http://localhost:5173\nmail http://localhost:8025\n');
  const stopInfra = argv.includes('--stop-infra');
  let stopping = false;
  const onSignal = async () => {
    if (stopping) return;
    stopping = true;
    await shutdown(stopInfra);
    process.exit(0);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

(async () => {
  try {
    if (argv[0] === 'stop') return stopFromPidFile();
    if (argv[0] === 'reset-db') {
      docker(['exec', '-T', 'postgres', 'dropdb', '-U', 'market', '--if-exists', 'market_dev']);
      docker(['exec', '-T', 'postgres', 'createdb', '-U', 'market', 'market_dev']);
      return console.log('local market_dev recreated; run `node scripts/dev.js` to migrate');
    }
    await up();
  } catch (err) {
    console.error(err.message);
    await shutdown(false);
    process.exit(1);
  }
})();

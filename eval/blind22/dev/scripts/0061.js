#!/usr/bin/env node
// scripts/e2e-stack.js - start the services the Playwright suite needs, wait
// until they answer, run the suite, and stop exactly what we started.
//
//   node scripts/e2e-stack.js            start + test + stop
//   node scripts/e2e-stack.js --keep     leave the stack running afterwards
//   node scripts/e2e-stack.js --stop     stop a stack left running with --keep
//
// Children are spawned detached (own process group) so a SIGTERM to the group
// also stops grandchildren such as vite's esbuild service. PIDs go to
// .e2e/pids.json; --stop signals a PID only when /proc/<pid>/cmdline still
// matches the command we recorded.

'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const STATE_DIR = path.join(ROOT, '.e2e');
const PIDS = path.join(STATE_DIR, 'pids.json');
const LOGS = path.join(STATE_DIR, 'logs');

const SERVICES = [
  { name: 'api', cmd: 'node', args: ['dist/server.js'], port: 3001, env: { PORT: '3001', NODE_ENV: 'test' } },
  { name: 'mock-stripe', cmd: 'node', args: ['e2e/mocks/stripe.js'], port: 12111, env: {} },
  { name: 'web', cmd: 'npx', args: ['--no-install', 'vite', '--port', '5173', '--strictPort', '--host', '127.0.0.1'], port: 5173, env: {} },
];

const started = new Map();

function log(...a) {
  console.log('[e2e-stack]', ...a);
}

function waitForPort(port, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const sock = net.connect({ host: '127.0.0.1', port });
      sock.once('connect', () => {
        sock.destroy();
        resolve();
      });
      sock.once('error', () => {
        sock.destroy();
        if (Date.now() > deadline) reject(new Error(`port ${port} not open after ${timeoutMs} ms`));
        else setTimeout(attempt, 250);
      });
    };
    attempt();
  });
}

function start(svc) {
  fs.mkdirSync(LOGS, { recursive: true });
  const out = fs.openSync(path.join(LOGS, `${svc.name}.log`), 'a');
  const child = spawn(svc.cmd, svc.args, {
    cwd: ROOT,
    env: { ...process.env, ...svc.env },
    stdio: ['ignore', out, out],
    detached: true,
  });
  started.set(svc.name, { pid: child.pid, cmd: [svc.cmd, ...svc.args].join(' ') });
  child.on('exit', (code, signal) => {
    if (started.has(svc.name)) log(`${svc.name} exited (${signal || code})`);
  });
  log(`${svc.name} pid ${child.pid}`);
  return child;
}

function savePids() {
  fs.mkdirSync(STATE_DIR, { recursive: true });
  fs.writeFileSync(PIDS, JSON.stringify(Object.fromEntries(started), null, 2));
}

function cmdlineOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

function killGroup(name, pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch (err) {
    if (err.code !== 'ESRCH') log(`could not signal ${name} (${pid}): ${err.code}`);
    return false;
  }
}

async function stopAll(entries) {
  for (const [name, { pid }] of entries) killGroup(name, pid, 'SIGTERM');
  const deadline = Date.now() + 8000;
  for (const [name, { pid }] of entries) {
    while (Date.now() < deadline && cmdlineOf(pid)) await new Promise((r) => setTimeout(r, 100));
    if (cmdlineOf(pid)) {
      log(`${name} still running; SIGKILL`);
      killGroup(name, pid, 'SIGKILL');
    }
  }
  started.clear();
  fs.rmSync(PIDS, { force: true });
  log('stack stopped');
}

async function stopRecorded() {
  if (!fs.existsSync(PIDS)) {
    log('no recorded stack');
    return;
  }
  const recorded = Object.entries(JSON.parse(fs.readFileSync(PIDS, 'utf8')));
  const ours = recorded.filter(([name, { pid, cmd }]) => {
    const actual = cmdlineOf(pid);
    const match = actual && actual.includes(cmd.split(' ').slice(1, 2).join(' '));
    if (!match) log(`${name}: pid ${pid} is gone or belongs to something else; skipping`);
    return match;
  });
  await stopAll(ours);
}

function tailLogs(lines = 25) {
  for (const s of SERVICES) {
    const file = path.join(LOGS, `${s.name}.log`);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    console.log(`----- ${s.name} (last ${lines} lines) -----\n${text}`);
  }
}

function runSuite() {
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no-install', 'playwright', 'test', '--reporter=line'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BASE_URL: 'http://127.0.0.1:5173', API_URL: 'http://127.0.0.1:3001' },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--stop')) return stopRecorded();
  const keep = argv.includes('--keep');

  let stopping = false;
  const onSignal = async (sig) => {
    if (stopping) return;
    stopping = true;
    log(`${sig}: stopping stack`);
    await stopAll([...started]);
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  for (const svc of SERVICES) start(svc);
  savePids();
  try {
    await Promise.all(SERVICES.map((s) => waitForPort(s.port)));
    log('all services are up');
    const code = await runSuite();
    if (code !== 0) tailLogs();
    process.exitCode = code;
  } catch (err) {
    log(err.message);
    for (const s of SERVICES) log(`see ${path.relative(ROOT, path.join(LOGS, s.name + '.log'))}`);
    process.exitCode = 1;
  } finally {
    if (keep && !stopping) log('leaving stack running (--keep); stop with --stop');
    else if (!stopping) await stopAll([...started]);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

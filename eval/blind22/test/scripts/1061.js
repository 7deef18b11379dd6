#!/usr/bin/env node
// tools/mockfleet.js -- run the fleet of mock upstreams (payments, fx-rates,
// kyc, webhooks) that the ledger API talks to in local development.
//
// Each mock is a child process (child_process.fork) with an IPC channel; the
// supervisor waits for the child's {ready: port} message, restarts crashed
// mocks with backoff, and on exit sends SIGTERM to exactly the children it
// forked (tracked in a Map), escalating to SIGKILL after a grace period.
// PIDs are written to .run/mockfleet.json for `--status`.

'use strict';

const { fork } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const repo = path.resolve(__dirname, '..');
const stateFile = path.join(repo, '.run', 'mockfleet.json');
const MOCKS = [
  { name: 'payments', script: 'mocks/payments.js', port: 4101 },
  { name: 'fx-rates', script: 'mocks/fx.js', port: 4102 },
  { name: 'kyc', script: 'mocks/kyc.js', port: 4103 },
  { name: 'webhooks', script: 'mocks/webhooks.js', port: 4104 },
];
const GRACE_MS = 5000;
const MAX_BACKOFF_MS = 20000;

const children = new Map();
let stopping = false;

function log(name, msg) {
  console.log(`${new Date().toISOString().slice(11, 19)} ${name.padEnd(9)} ${msg}`);
}

function saveState() {
  fs.mkdirSync(path.dirname(stateFile), { recursive: true });
  const data = {};
  for (const [name, c] of children) data[name] = { pid: c.proc.pid, port: c.spec.port, restarts: c.restarts };
  fs.writeFileSync(stateFile, JSON.stringify({ supervisor: process.pid, mocks: data }, null, 2));
}

function start(spec, restarts = 0) {
  const proc = fork(path.join(repo, spec.script), [], {
    cwd: repo,
    env: { ...process.env, PORT: String(spec.port), HOST: '127.0.0.1', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const entry = { proc, spec, restarts, ready: false };
  children.set(spec.name, entry);
  proc.stdout.on('data', (d) => d.toString().trimEnd().split('\n').forEach((l) => log(spec.name, l)));
  proc.stderr.on('data', (d) => d.toString().trimEnd().split('\n').forEach((l) => log(spec.name, `! ${l}`)));
  proc.on('message', (msg) => {
    if (msg && msg.ready) {
      entry.ready = true;
      log(spec.name, `ready on 127.0.0.1:${msg.ready}`);
    }
  });
  proc.on('exit', (code, signal) => {
    if (children.get(spec.name)?.proc !== proc) return;
    if (stopping) return;
    const delay = Math.min(500 * 2 ** restarts, MAX_BACKOFF_MS);
    log(spec.name, `exited (${signal ?? code}); restarting in ${delay} ms`);
    setTimeout(() => {
      if (!stopping) {
        start(spec, restarts + 1);
        saveState();
      }
    }, delay);
  });
  return entry;
}

function waitReady(timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const tick = () => {
      const pending = [...children.values()].filter((c) => !c.ready).map((c) => c.spec.name);
      if (!pending.length) return resolve();
      if (Date.now() > deadline) return reject(new Error(`not ready: ${pending.join(', ')}`));
      setTimeout(tick, 100);
    };
    tick();
  });
}

async function stopAll() {
  stopping = true;
  const waits = [];
  for (const [name, c] of children) {
    if (c.proc.exitCode !== null || c.proc.signalCode !== null) continue;
    waits.push(
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          log(name, 'did not exit; SIGKILL');
          c.proc.kill('SIGKILL');
        }, GRACE_MS);
        c.proc.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        c.proc.kill('SIGTERM');
      }),
    );
  }
  await Promise.all(waits);
  fs.rmSync(stateFile, { force: true });
  console.log('mock fleet stopped');
}

function status() {
  if (!fs.existsSync(stateFile)) return console.log('mock fleet not running');
  const state = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
  const alive = (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  console.log(`supervisor ${state.supervisor} ${alive(state.supervisor) ? 'running' : 'gone'}`);
  for (const [name, m] of Object.entries(state.mocks)) {
    console.log(`  ${name.padEnd(9)} pid ${String(m.pid).padEnd(7)} port ${m.port} restarts ${m.restarts} ${alive(m.pid) ? 'up' : 'down'}`);
  }
}

// Ports must be free before forking; a leftover mock from an earlier crashed
// supervisor would otherwise make the new child fail in a restart loop.
function portsFree(specs) {
  const net = require('node:net');
  return Promise.all(
    specs.map(
      (s) =>
        new Promise((resolve) => {
          const srv = net.createServer();
          srv.once('error', () => resolve({ spec: s, free: false }));
          srv.once('listening', () => srv.close(() => resolve({ spec: s, free: true })));
          srv.listen(s.port, '127.0.0.1');
        }),
    ),
  );
}

// Ask a running supervisor (from the state file) to stop its fleet.
function stopRemote() {
  if (!fs.existsSync(stateFile)) return console.log('mock fleet not running');
  const { supervisor } = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
  try {
    process.kill(supervisor, 'SIGTERM');
    console.log(`asked supervisor ${supervisor} to stop`);
  } catch {
    console.log('supervisor is gone; removing stale state file');
    fs.rmSync(stateFile, { force: true });
  }
}

async function main() {
  if (process.argv.includes('--status')) return status();
  if (process.argv.includes('--stop')) return stopRemote();
  const busy = (await portsFree(MOCKS)).filter((r) => !r.free);
  if (busy.length) {
    throw new Error(`port(s) in use: ${busy.map((b) => `${b.spec.name}:${b.spec.port}`).join(', ')} (try --stop)`);
  }
  const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const specs = only.length ? MOCKS.filter((m) => only.includes(m.name)) : MOCKS;
  if (!specs.length) throw new Error(`unknown mock(s): ${only.join(', ')}`);
  for (const spec of specs) start(spec);
  saveState();
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.once(sig, async () => {
      console.log(`\n${sig}: stopping`);
      await stopAll();
      process.exit(0);
    });
  }
  try {
    await waitReady();
    console.log(`all ${specs.length} mock(s) ready; Ctrl-C to stop`);
  } catch (e) {
    console.error(e.message);
    await stopAll();
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(`mockfleet: ${e.message}`);
  process.exit(1);
});

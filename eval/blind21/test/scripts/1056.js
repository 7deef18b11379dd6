#!/usr/bin/env node
/*
 * scripts/devstack.js - tiny process supervisor for the ledger dev stack.
 *
 *   node scripts/devstack.js            start every service in devstack.json
 *   node scripts/devstack.js api web    start a subset
 *
 * Each service is spawned as a child of this process (own process group),
 * its output is prefixed and mirrored to .devstack/logs/<name>.log, and a
 * crashed service is restarted with exponential backoff (max 5 restarts in
 * 2 minutes). On Ctrl-C or SIGTERM every child *we* spawned gets SIGTERM,
 * then SIGKILL after a grace period. Nothing else is signalled: there is no
 * pkill, no port-based killing.
 *
 * devstack.json:
 *   {
 *     "services": {
 *       "api":    { "cwd": "services/api", "cmd": ["poetry", "run", "uvicorn", "ledger.api:app", "--port", "8010"] },
 *       "worker": { "cwd": "services/worker", "cmd": ["poetry", "run", "celery", "-A", "ledger.worker", "worker"] },
 *       "web":    { "cwd": "web", "cmd": ["npm", "run", "dev"], "env": { "BROWSER": "none" } }
 *     }
 *   }
 */
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');

const ROOT = path.resolve(__dirname, '..');
const CONFIG = JSON.parse(fs.readFileSync(path.join(ROOT, 'devstack.json'), 'utf8'));
const LOG_DIR = path.join(ROOT, '.devstack', 'logs');
const GRACE_MS = 8000;
const COLORS = [36, 35, 33, 32, 34, 31];

const children = new Map();
let shuttingDown = false;

function color(i, text) {
  return process.stdout.isTTY ? `\u001b[${COLORS[i % COLORS.length]}m${text}\u001b[0m` : text;
}

function pickServices(names) {
  const all = Object.keys(CONFIG.services);
  if (!names.length) return all;
  for (const n of names) {
    if (!all.includes(n)) {
      console.error(`unknown service ${n}; known: ${all.join(', ')}`);
      process.exit(2);
    }
  }
  return names;
}

function logStream(name) {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  return fs.createWriteStream(path.join(LOG_DIR, `${name}.log`), { flags: 'a' });
}

function start(name, index, state) {
  const spec = CONFIG.services[name];
  const [cmd, ...args] = spec.cmd;
  const child = spawn(cmd, args, {
    cwd: path.join(ROOT, spec.cwd || '.'),
    env: { ...process.env, ...(spec.env || {}), FORCE_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group so we can signal the whole service tree
  });
  const label = color(index, name.padEnd(8));
  const log = state.log;
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      process.stdout.write(`${label} | ${line}\n`);
      log.write(`${new Date().toISOString()} ${line}\n`);
    });
  }
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (shuttingDown) return;
    const now = Date.now();
    state.restarts = state.restarts.filter((t) => now - t < 120000);
    if (state.restarts.length >= 5) {
      console.error(`${label} | exited (${code ?? signal}) too often; giving up`);
      return;
    }
    const delay = Math.min(1000 * 2 ** state.restarts.length, 30000);
    state.restarts.push(now);
    console.error(`${label} | exited (${code ?? signal}); restarting in ${delay / 1000}s`);
    setTimeout(() => start(name, index, state), delay);
  });
  console.log(`${label} | started pid ${child.pid}`);
}

function signalGroup(child, sig) {
  try {
    process.kill(-child.pid, sig); // negative pid: the child's own process group
  } catch {
    // already gone
  }
}

function shutdown(reason) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`\ndevstack: ${reason}; stopping ${children.size} service(s)`);
  for (const child of children.values()) signalGroup(child, 'SIGTERM');
  const deadline = setTimeout(() => {
    for (const child of children.values()) signalGroup(child, 'SIGKILL');
    process.exit(1);
  }, GRACE_MS);
  const poll = setInterval(() => {
    if (children.size === 0) {
      clearInterval(poll);
      clearTimeout(deadline);
      process.exit(0);
    }
  }, 200);
}

function pidFile(list) {
  const file = path.join(ROOT, '.devstack', 'supervisor.pid');
  fs.mkdirSync(path.join(ROOT, '.devstack'), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, services: list }));
  process.on('exit', () => {
    try {
      fs.rmSync(file);
    } catch {
      // ignore
    }
  });
}

function statusLine() {
  const parts = [];
  for (const name of Object.keys(CONFIG.services)) {
    const child = children.get(name);
    parts.push(`${name}:${child ? child.pid : '-'}`);
  }
  return parts.join('  ');
}

function watchKeys() {
  // press "s" for a status line, "r" + Enter to restart everything cleanly
  if (!process.stdin.isTTY) return;
  process.stdin.setRawMode(true);
  process.stdin.resume();
  process.stdin.on('data', (buf) => {
    const key = buf.toString();
    if (key === '\u0003') shutdown('Ctrl-C');
    else if (key === 's') console.log(`devstack: ${statusLine()}`);
    else if (key === 'r') {
      console.log('devstack: restarting all services');
      for (const child of children.values()) signalGroup(child, 'SIGTERM');
    }
  });
}

function rotateLogs(maxBytes = 20 * 1024 * 1024) {
  if (!fs.existsSync(LOG_DIR)) return;
  for (const f of fs.readdirSync(LOG_DIR)) {
    const file = path.join(LOG_DIR, f);
    if (f.endsWith('.log') && fs.statSync(file).size > maxBytes) {
      fs.renameSync(file, `${file}.1`);
    }
  }
}

function main() {
  rotateLogs();
  watchKeys();
  const names = pickServices(process.argv.slice(2));
  pidFile(names);
  names.forEach((name, i) => start(name, i, { restarts: [], log: logStream(name) }));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('uncaughtException', (err) => {
    console.error(err);
    shutdown('internal error');
  });
}

main();

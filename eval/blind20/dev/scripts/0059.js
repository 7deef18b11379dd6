#!/usr/bin/env node
// scripts/firebase-test.js - run the integration tests against the Firebase
// emulators, never against a real project.
//
// Starts `firebase emulators:start --only firestore,auth,functions --project demo-notes`
// (the demo- prefix makes the CLI refuse to touch any real project), waits for
// the ports, seeds data through the emulator REST endpoints, runs vitest, then
// clears emulator data and stops the emulator process we spawned.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PROJECT = 'demo-notes';
const PORTS = { firestore: 8085, auth: 9099, functions: 5001, hub: 4400 };
const SEED_DIR = path.join(ROOT, 'test', 'seed');
const EXPORT_DIR = path.join(ROOT, '.cache', 'emulator-export');

let emulator = null;

function log(msg) {
  process.stderr.write(`[fb-test] ${msg}\n`);
}

function assertDemoProject() {
  if (!PROJECT.startsWith('demo-')) throw new Error('emulator tests must use a demo- project id');
  const rc = path.join(ROOT, '.firebaserc');
  if (fs.existsSync(rc)) {
    const aliases = JSON.parse(fs.readFileSync(rc, 'utf8')).projects || {};
    if (Object.values(aliases).includes(PROJECT)) return;
    log(`note: ${PROJECT} is not an alias in .firebaserc; passing --project explicitly`);
  }
}

function portOpen(port) {
  return new Promise((resolve) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    sock.once('connect', () => {
      sock.end();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
    sock.setTimeout(500, () => {
      sock.destroy();
      resolve(false);
    });
  });
}

async function waitForPorts(timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const states = await Promise.all(Object.values(PORTS).map(portOpen));
    if (states.every(Boolean)) return;
    if (emulator && emulator.exitCode !== null) throw new Error('emulator exited during startup');
    await new Promise((r) => setTimeout(r, 750));
  }
  throw new Error('emulators did not open their ports in time');
}

function startEmulators() {
  const args = [
    'emulators:start',
    '--only', 'firestore,auth,functions',
    '--project', PROJECT,
  ];
  if (fs.existsSync(EXPORT_DIR)) args.push('--import', EXPORT_DIR);
  log(`firebase ${args.join(' ')}`);
  emulator = spawn('npx', ['--no-install', 'firebase', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIREBASE_CLI_EXPERIMENTS: '' },
    detached: process.platform !== 'win32',
  });
  const logFile = fs.createWriteStream(path.join(ROOT, '.cache', 'emulators.log'));
  emulator.stdout.pipe(logFile);
  emulator.stderr.pipe(logFile);
}

async function stopEmulators() {
  if (!emulator || emulator.exitCode !== null) return;
  log('stopping emulators');
  const done = new Promise((resolve) => emulator.once('exit', resolve));
  try {
    if (process.platform !== 'win32') process.kill(-emulator.pid, 'SIGINT');
    else emulator.kill('SIGINT');
  } catch (_) {
    // already gone
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-emulator.pid, 'SIGKILL');
    } catch (_) { /* ignore */ }
  }, 15000);
  await done;
  clearTimeout(timer);
}

async function clearFirestore() {
  const url = `http://127.0.0.1:${PORTS.firestore}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`;
  const res = await fetch(url, { method: 'DELETE' });
  if (!res.ok) throw new Error(`clearing emulator firestore failed: ${res.status}`);
}

async function clearAuth() {
  const url = `http://127.0.0.1:${PORTS.auth}/emulator/v1/projects/${PROJECT}/accounts`;
  await fetch(url, { method: 'DELETE' });
}

async function seed() {
  if (!fs.existsSync(SEED_DIR)) return;
  for (const file of fs.readdirSync(SEED_DIR).filter((f) => f.endsWith('.json'))) {
    const collection = path.basename(file, '.json');
    const docs = JSON.parse(fs.readFileSync(path.join(SEED_DIR, file), 'utf8'));
    for (const [id, fields] of Object.entries(docs)) {
      const body = { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, toValue(v)])) };
      const url = `http://127.0.0.1:${PORTS.firestore}/v1/projects/${PROJECT}/databases/(default)/documents/${collection}?documentId=${encodeURIComponent(id)}`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', Authorization: 'Bearer owner' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`seeding ${collection}/${id}: ${res.status}`);
    }
    log(`seeded ${Object.keys(docs).length} docs into ${collection}`);
  }
}

function toValue(v) {
  if (v === null) return { nullValue: null };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (Number.isInteger(v)) return { integerValue: String(v) };
  if (typeof v === 'number') return { doubleValue: v };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(toValue) } };
  if (typeof v === 'object') {
    return { mapValue: { fields: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toValue(x)])) } };
  }
  return { stringValue: String(v) };
}

function runTests(extra) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no-install', 'vitest', 'run', '--dir', 'test/integration', ...extra], {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        GCLOUD_PROJECT: PROJECT,
        FIRESTORE_EMULATOR_HOST: `127.0.0.1:${PORTS.firestore}`,
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${PORTS.auth}`,
      },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main() {
  assertDemoProject();
  fs.mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
  process.on('SIGINT', async () => {
    await stopEmulators();
    process.exit(130);
  });
  startEmulators();
  let code = 1;
  try {
    await waitForPorts();
    await clearFirestore();
    await clearAuth();
    await seed();
    code = await runTests(process.argv.slice(2));
  } finally {
    await stopEmulators();
  }
  process.exitCode = code;
}

main().catch(async (err) => {
  log(err.message);
  await stopEmulators();
  process.exitCode = 1;
});

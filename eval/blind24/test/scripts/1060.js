#!/usr/bin/env node
/*
 * redis-it.js -- run the Redis-backed integration tests against a throwaway
 * Redis started with Testcontainers.
 *
 *   node scripts/redis-it.js                     # start redis, run `npm run test:it`, stop
 *   node scripts/redis-it.js --keep              # leave the container running (prints URL)
 *   node scripts/redis-it.js -- npx vitest run test/cache
 *
 * Testcontainers talks to the local Docker daemon from this process; no
 * container gets the Docker socket. The mapped port is bound by Docker on the
 * host loopback, and REDIS_URL is passed only to the test command we spawn.
 */
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

let GenericContainer;
let Wait;
try {
  ({ GenericContainer, Wait } = require('testcontainers'));
} catch {
  console.error('redis-it: npm i -D testcontainers');
  process.exit(1);
}

const ROOT = path.resolve(__dirname, '..');
const STATE = path.join(ROOT, '.cache', 'redis-it.json');
const IMAGE = process.env.REDIS_IMAGE || 'redis:7.2-alpine';

const argv = process.argv.slice(2);
const KEEP = argv.includes('--keep');
const sep = argv.indexOf('--');
const COMMAND = sep >= 0 ? argv.slice(sep + 1) : ['npm', 'run', 'test:it'];

function log(msg) {
  process.stderr.write(`[redis-it] ${msg}\n`);
}

async function start() {
  log(`starting ${IMAGE}`);
  const started = Date.now();
  const container = await new GenericContainer(IMAGE)
    .withExposedPorts(6379)
    .withCommand(['redis-server', '--save', '', '--appendonly', 'no', '--maxmemory', '256mb'])
    .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
    .withLabels({ 'dev.project': path.basename(ROOT), 'dev.purpose': 'redis-it' })
    .start();
  const host = container.getHost();
  const port = container.getMappedPort(6379);
  log(`redis ready at ${host}:${port} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return { container, url: `redis://${host === 'localhost' ? '127.0.0.1' : host}:${port}/0` };
}

function assertLocalUrl(url) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
    throw new Error(`unexpected redis host ${host}; refusing to run tests against it`);
  }
}

async function flushBetweenRuns(url) {
  // clean slate for a --keep container reused by a second run
  let createClient;
  try {
    ({ createClient } = require('redis'));
  } catch {
    return;
  }
  const client = createClient({ url });
  await client.connect();
  await client.flushDb();
  await client.quit();
}

function runTests(url) {
  return new Promise((resolve) => {
    log(`$ ${COMMAND.join(' ')}`);
    const child = spawn(COMMAND[0], COMMAND.slice(1), {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, REDIS_URL: url, TEST_REDIS_URL: url },
    });
    const forward = (sig) => {
      if (child.exitCode === null) child.kill(sig);
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(signal ? 1 : code ?? 1);
    });
    child.on('error', (err) => {
      log(`cannot start ${COMMAND[0]}: ${err.message}`);
      resolve(127);
    });
  });
}

function saveState(info) {
  fs.mkdirSync(path.dirname(STATE), { recursive: true });
  fs.writeFileSync(STATE, JSON.stringify(info, null, 2));
}

function readState() {
  try {
    return JSON.parse(fs.readFileSync(STATE, 'utf8'));
  } catch {
    return null;
  }
}

async function reuseKept() {
  const state = readState();
  if (!state || !state.url) return null;
  try {
    assertLocalUrl(state.url);
    await flushBetweenRuns(state.url);
    log(`reusing kept container ${state.id.slice(0, 12)} at ${state.url}`);
    return state;
  } catch {
    fs.rmSync(STATE, { force: true });
    return null;
  }
}

async function stopKept() {
  // node scripts/redis-it.js --stop: stop the container a previous --keep left running
  const state = readState();
  if (!state) {
    log('no kept container recorded');
    return;
  }
  const r = spawn('docker', ['stop', state.id], { stdio: 'ignore' });
  await new Promise((resolve) => r.on('close', resolve));
  fs.rmSync(STATE, { force: true });
  log(`stopped ${state.id.slice(0, 12)}`);
}

async function main() {
  if (argv.includes('--stop')) {
    await stopKept();
    return;
  }
  const kept = KEEP ? await reuseKept() : null;
  let container = null;
  let url;
  if (kept) {
    url = kept.url;
  } else {
    const started = await start();
    container = started.container;
    url = started.url;
  }
  assertLocalUrl(url);
  let code = 1;
  try {
    code = await runTests(url);
  } finally {
    if (KEEP && container) {
      saveState({ id: container.getId(), url, image: IMAGE, at: new Date().toISOString() });
      log(`container kept; REDIS_URL=${url} (stop it with: docker stop ${container.getId().slice(0, 12)})`);
    } else if (container) {
      await container.stop({ timeout: 5000 });
      log('container stopped');
    }
  }
  process.exitCode = code;
}

main().catch((err) => {
  log(err.message);
  if (/Could not find a working container runtime/.test(err.message)) {
    log('is Docker running? (docker info)');
  }
  process.exit(1);
});

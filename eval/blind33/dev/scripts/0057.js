#!/usr/bin/env node
// Toxiproxy-based resilience tests for the checkout service.
//
// Spawns toxiproxy-server on 127.0.0.1:8474 if none is running, creates one
// proxy per dependency (postgres, redis, payments stub) with an "itest_"
// prefix, runs each scenario from tests/resilience/scenarios.json against the
// service with the proxies in between, and removes everything it created —
// on success, failure, or SIGINT/SIGTERM.
//
//   node tests/resilience/run.js
//   node tests/resilience/run.js --only redis_timeout --keep-server
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const net = require('node:net');
const { parseArgs } = require('node:util');

const HERE = __dirname;
const ROOT = path.resolve(HERE, '..', '..');
const API = 'http://127.0.0.1:8474';
const PREFIX = 'itest_';
const LOG_DIR = path.join(ROOT, 'build', 'resilience');

const created = new Set();
let server = null;

function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
    sock.setTimeout(300, () => {
      sock.destroy();
      resolve(false);
    });
  });
}

async function api(method, route, body) {
  const res = await fetch(API + route, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status === 404 && method === 'DELETE') return null;
  if (!res.ok) throw new Error(`toxiproxy ${method} ${route}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

async function startServer() {
  if (await portOpen(8474)) {
    console.log('using running toxiproxy-server');
    return;
  }
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const log = fs.openSync(path.join(LOG_DIR, 'toxiproxy.log'), 'a');
  server = spawn('toxiproxy-server', ['-host', '127.0.0.1', '-port', '8474'], { stdio: ['ignore', log, log] });
  for (let i = 0; i < 50; i++) {
    if (await portOpen(8474)) {
      console.log(`started toxiproxy-server (pid ${server.pid})`);
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('toxiproxy-server did not start; see build/resilience/toxiproxy.log');
}

async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
  console.log(`stopped toxiproxy-server (pid ${server.pid})`);
  server = null;
}

async function createProxies(proxies) {
  const env = {};
  for (const [name, spec] of Object.entries(proxies)) {
    const full = PREFIX + name;
    await api('DELETE', `/proxies/${full}`);
    await api('POST', '/proxies', {
      name: full,
      listen: `127.0.0.1:${spec.listen}`,
      upstream: spec.upstream,
      enabled: true,
    });
    created.add(full);
    env[spec.env] = `127.0.0.1:${spec.listen}`;
  }
  return env;
}

async function removeProxies() {
  for (const name of [...created].reverse()) {
    try {
      await api('DELETE', `/proxies/${name}`);
      console.log(`removed proxy ${name}`);
    } catch (err) {
      console.error(`could not remove ${name}: ${err.message}`);
    }
    created.delete(name);
  }
}

async function applyToxics(toxics) {
  await api('POST', '/reset');
  for (const t of toxics) {
    await api('POST', `/proxies/${PREFIX}${t.proxy}/toxics`, {
      name: t.name || t.type,
      type: t.type,
      stream: t.stream || 'downstream',
      toxicity: t.toxicity ?? 1,
      attributes: t.attributes || {},
    });
  }
}

function runTests(scenario, extraEnv) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--test', `--test-reporter=spec`, path.join(HERE, 'checkout.resilience.test.js')],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...extraEnv, RESILIENCE_SCENARIO: scenario } },
    );
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function cleanup() {
  try {
    await api('POST', '/reset');
  } catch {
    /* server may be gone */
  }
  await removeProxies();
}

async function main() {
  const { values } = parseArgs({
    options: { only: { type: 'string', multiple: true }, 'keep-server': { type: 'boolean', default: false } },
  });
  const cfg = JSON.parse(fs.readFileSync(path.join(HERE, 'scenarios.json'), 'utf8'));
  let scenarios = Object.entries(cfg.scenarios);
  if (values.only) scenarios = scenarios.filter(([name]) => values.only.includes(name));
  if (!scenarios.length) throw new Error('no scenarios selected');

  let interrupted = false;
  const onSignal = async (sig) => {
    if (interrupted) return;
    interrupted = true;
    console.log(`\n${sig}: cleaning up`);
    await cleanup();
    if (!values['keep-server']) await stopServer();
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const results = [];
  await startServer();
  try {
    const env = await createProxies(cfg.proxies);
    for (const [name, scenario] of scenarios) {
      console.log(`\n== ${name}: ${scenario.description || ''}`);
      await applyToxics(scenario.toxics || []);
      results.push([name, await runTests(name, env)]);
    }
  } finally {
    await cleanup();
    if (!values['keep-server']) await stopServer();
  }
  console.log('\nsummary');
  for (const [name, code] of results) console.log(`  ${code === 0 ? 'ok  ' : 'FAIL'} ${name}`);
  process.exitCode = results.every(([, code]) => code === 0) ? 0 : 1;
}

main().catch(async (err) => {
  console.error(`error: ${err.message}`);
  await cleanup().catch(() => {});
  await stopServer().catch(() => {});
  process.exitCode = 2;
});

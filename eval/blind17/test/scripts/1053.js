#!/usr/bin/env node
// dev/stack.js — local event-streaming stack of `conduit`: Kafka (KRaft),
// Kafka Connect with the JDBC sink, Postgres and the Connect UI.
//
//   node dev/stack.js up        compose up, wait for health, register connectors
//   node dev/stack.js connectors   (re)register connectors from dev/connectors/*.json
//   node dev/stack.js status    compose ps + connector states
//   node dev/stack.js down [-v] stop (and drop this project's volumes with -v)
//
// Connect's REST API is on 127.0.0.1:8083 (published only on loopback in compose).
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const HERE = __dirname;
const REPO = path.dirname(HERE);
const PROJECT = 'conduit-dev';
const COMPOSE_FILE = path.join(HERE, 'compose.yml');
const CONNECT = 'http://127.0.0.1:8083';
const CONNECTOR_DIR = path.join(HERE, 'connectors');

const waits = [
  { name: 'kafka', probe: ['exec', '-T', 'kafka', 'kafka-broker-api-versions', '--bootstrap-server', 'localhost:9092'] },
  { name: 'postgres', probe: ['exec', '-T', 'postgres', 'pg_isready', '-U', 'conduit'] },
];

function compose(args, { capture = false, check = true } = {}) {
  const res = spawnSync('docker', ['compose', '-p', PROJECT, '-f', COMPOSE_FILE, ...args], {
    cwd: REPO,
    encoding: 'utf8',
    stdio: capture ? 'pipe' : 'inherit',
  });
  if (check && res.status !== 0) {
    throw new Error(`docker compose ${args[0]} failed (${res.status})`);
  }
  return res;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(entry, timeoutMs = 120000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (compose(entry.probe, { capture: true, check: false }).status === 0) {
      console.log(`  ${entry.name.padEnd(10)} ready`);
      return;
    }
    await sleep(2000);
  }
  compose(['logs', '--tail', '40', entry.name], { check: false });
  throw new Error(`${entry.name} not ready after ${timeoutMs / 1000}s`);
}

async function connectReady(timeoutMs = 180000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(`${CONNECT}/connector-plugins`);
      if (res.ok) {
        const plugins = await res.json();
        console.log(`  connect    ready (${plugins.length} plugins)`);
        return plugins;
      }
    } catch {
      // not listening yet
    }
    await sleep(3000);
  }
  throw new Error('Kafka Connect did not start');
}

function loadConnectorConfigs() {
  if (!fs.existsSync(CONNECTOR_DIR)) return [];
  return fs
    .readdirSync(CONNECTOR_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const cfg = JSON.parse(fs.readFileSync(path.join(CONNECTOR_DIR, f), 'utf8'));
      // local secrets are referenced as ${env:NAME} and filled from .env.local
      const text = JSON.stringify(cfg.config).replace(/\$\{env:([A-Z0-9_]+)\}/g, (_, k) => localEnv()[k] ?? '');
      return { name: cfg.name, config: JSON.parse(text), file: f };
    });
}

let envCache = null;
function localEnv() {
  if (envCache) return envCache;
  envCache = {};
  const file = path.join(REPO, '.env.local');
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/g)) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line);
      if (m) envCache[m[1]] = m[2];
    }
  }
  return envCache;
}

async function putConnector({ name, config }) {
  const res = await fetch(`${CONNECT}/connectors/${encodeURIComponent(name)}/config`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(config),
  });
  if (!res.ok) throw new Error(`connector ${name}: ${res.status} ${await res.text()}`);
  return res.status === 201 ? 'created' : 'updated';
}

async function registerConnectors() {
  const configs = loadConnectorConfigs();
  for (const c of configs) {
    console.log(`  ${c.name.padEnd(28)} ${await putConnector(c)} (${c.file})`);
  }
  // remove connectors that no longer have a file in dev/connectors
  const live = await (await fetch(`${CONNECT}/connectors`)).json();
  const wanted = new Set(configs.map((c) => c.name));
  for (const name of live) {
    if (!wanted.has(name)) {
      await fetch(`${CONNECT}/connectors/${encodeURIComponent(name)}`, { method: 'DELETE' });
      console.log(`  ${name.padEnd(28)} removed (no config file)`);
    }
  }
}

async function connectorStates() {
  try {
    const names = await (await fetch(`${CONNECT}/connectors`)).json();
    for (const n of names) {
      const s = await (await fetch(`${CONNECT}/connectors/${encodeURIComponent(n)}/status`)).json();
      const tasks = s.tasks.map((t) => `${t.id}:${t.state}`).join(' ');
      console.log(`  ${n.padEnd(28)} ${s.connector.state.padEnd(8)} ${tasks}`);
    }
  } catch {
    console.log('  connect not reachable');
  }
}

async function restartFailedTasks() {
  const names = await (await fetch(`${CONNECT}/connectors`)).json();
  for (const n of names) {
    const s = await (await fetch(`${CONNECT}/connectors/${encodeURIComponent(n)}/status`)).json();
    for (const t of s.tasks.filter((x) => x.state === 'FAILED')) {
      await fetch(`${CONNECT}/connectors/${encodeURIComponent(n)}/tasks/${t.id}/restart`, { method: 'POST' });
      console.log(`  restarted ${n} task ${t.id}`);
    }
  }
}

/** Row counts of the sink tables, to see whether the JDBC sink is keeping up. */
function sinkCounts() {
  const res = compose(
    ['exec', '-T', 'postgres', 'psql', '-U', 'conduit', '-d', 'conduit', '-Atc',
      "SELECT relname || ' ' || n_live_tup FROM pg_stat_user_tables ORDER BY relname"],
    { capture: true, check: false },
  );
  console.log(res.stdout || '  (postgres not reachable)');
}

async function main() {
  const [cmd, flag] = process.argv.slice(2);
  if (cmd === 'sink-counts') return sinkCounts();
  switch (cmd) {
    case 'up':
      compose(['up', '-d']);
      for (const w of waits) await waitFor(w);
      await connectReady();
      await registerConnectors();
      console.log('\nConnect UI: http://127.0.0.1:8000  Postgres: localhost:5432');
      break;
    case 'connectors':
      await registerConnectors();
      break;
    case 'restart-failed':
      await restartFailedTasks();
      break;
    case 'status':
      compose(['ps']);
      await connectorStates();
      break;
    case 'down':
      compose(['down', '--remove-orphans', ...(flag === '-v' ? ['--volumes'] : [])]);
      break;
    default:
      console.log('usage: node dev/stack.js up|connectors|restart-failed|status|down [-v]');
      process.exitCode = 2;
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

#!/usr/bin/env node
// feature-server-smoke.js - start the Feast feature server for the local repo,
// request online features for the fixture entities and compare them with the
// expected values; stop the server afterwards.
//
//   node tests/feature-server-smoke.js
//   node tests/feature-server-smoke.js --keep-running    # leave it up for manual tests
//
// The server is started by this script with `feast serve --host 127.0.0.1`
// from feature_repo/, whose feature_store.yaml must be the local provider with
// a sqlite online store (checked before starting).  Only the child process
// this script spawned is stopped.

'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const yaml = require('yaml');

const REPO = path.resolve(__dirname, '..');
const FEATURE_REPO = path.join(REPO, 'feature_repo');
const FIXTURE = path.join(REPO, 'tests', 'fixtures', 'online-features.json');
const PORT = Number(process.env.FEAST_SMOKE_PORT ?? 6577);
const LOG = path.join(REPO, 'build', 'feature-server.log');

function checkLocal() {
  const cfg = yaml.parse(fs.readFileSync(path.join(FEATURE_REPO, 'feature_store.yaml'), 'utf8'));
  const registry = typeof cfg.registry === 'string' ? cfg.registry : cfg.registry?.path ?? '';
  if ((cfg.provider ?? 'local') !== 'local') throw new Error(`provider ${cfg.provider} is not local`);
  if (/^[a-z0-9]+:\/\//.test(registry)) throw new Error(`registry ${registry} is remote`);
  if ((cfg.online_store?.type ?? 'sqlite') !== 'sqlite') throw new Error('online store is not sqlite');
}

function materializeIfEmpty() {
  const db = path.join(FEATURE_REPO, 'data', 'online_store.db');
  if (fs.existsSync(db) && fs.statSync(db).size > 0) return;
  console.log('online store empty; materialising the last 30 days locally');
  const end = new Date().toISOString().slice(0, 19);
  const start = new Date(Date.now() - 30 * 86400000).toISOString().slice(0, 19);
  const res = spawnSync('feast', ['materialize', start, end], { cwd: FEATURE_REPO, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('feast materialize failed');
}

function startServer() {
  fs.mkdirSync(path.dirname(LOG), { recursive: true });
  const out = fs.openSync(LOG, 'w');
  const child = spawn('feast', ['serve', '--host', '127.0.0.1', '--port', String(PORT), '--no-access-log'], {
    cwd: FEATURE_REPO,
    stdio: ['ignore', out, out],
  });
  return child;
}

async function waitHealthy(child, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`feast serve exited ${child.exitCode}; see ${path.relative(REPO, LOG)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('feature server did not become healthy');
}

async function onlineFeatures(features, entities) {
  const res = await fetch(`http://127.0.0.1:${PORT}/get-online-features`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ features, entities, full_feature_names: true }),
  });
  if (!res.ok) throw new Error(`get-online-features ${res.status}: ${await res.text()}`);
  return res.json();
}

// Feast returns one status per value; anything but PRESENT means the online
// store had no (or an expired) value for that entity, which is worth
// reporting separately from a wrong value.
function missingValues(response) {
  const names = response.metadata.feature_names;
  const out = [];
  response.results.forEach((col, j) => {
    (col.statuses ?? []).forEach((status, i) => {
      if (status !== 'PRESENT') out.push(`row ${i} ${names[j]}: ${status}`);
    });
  });
  return out;
}

function toRows(response) {
  const names = response.metadata.feature_names;
  const rows = [];
  const n = response.results[0]?.values.length ?? 0;
  for (let i = 0; i < n; i += 1) {
    const row = {};
    names.forEach((name, j) => {
      row[name] = response.results[j].values[i];
    });
    rows.push(row);
  }
  return rows;
}

function compare(rows, expected, tolerance = 1e-6) {
  const problems = [];
  expected.forEach((exp, i) => {
    for (const [k, v] of Object.entries(exp)) {
      const got = rows[i]?.[k];
      const same = typeof v === 'number' ? Math.abs((got ?? NaN) - v) <= tolerance : got === v;
      if (!same) problems.push(`row ${i} ${k}: expected ${v}, got ${got}`);
    }
  });
  return problems;
}

const HELP = `feature-server-smoke.js [--keep-running]

Fixture (tests/fixtures/online-features.json)
  {
    "features": ["driver_hourly_stats:conv_rate", "driver_hourly_stats:acc_rate"],
    "entities": {"driver_id": [1001, 1002]},
    "expected": [
      {"driver_hourly_stats__conv_rate": 0.52, "driver_hourly_stats__acc_rate": 0.91},
      {"driver_hourly_stats__conv_rate": 0.38, "driver_hourly_stats__acc_rate": 0.77}
    ]
  }

Steps
  1. refuse to run unless feature_store.yaml is local + sqlite
  2. materialise the last 30 days if the online store file is empty
  3. start "feast serve" on 127.0.0.1:${PORT} (FEAST_SMOKE_PORT overrides)
  4. wait for /health, call /get-online-features, compare with "expected"
  5. stop the server it started (unless --keep-running)

Server output goes to build/feature-server.log.`;

/** Latency budget for the online path; slower responses fail the smoke test. */
const LATENCY_BUDGET_MS = Number(process.env.FEAST_SMOKE_BUDGET_MS ?? 250);

async function main() {
  if (process.argv.includes('--help')) {
    console.log(HELP);
    return;
  }
  const keep = process.argv.includes('--keep-running');
  checkLocal();
  materializeIfEmpty();
  const fixture = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));
  const child = startServer();
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    await waitHealthy(child);
    const started = Date.now();
    const response = await onlineFeatures(fixture.features, fixture.entities);
    const ms = Date.now() - started;
    for (const m of missingValues(response)) console.log(`MISSING ${m}`);
    const problems = compare(toRows(response), fixture.expected);
    for (const p of problems) console.log(`MISMATCH ${p}`);
    console.log(`${fixture.expected.length} entity row(s) checked in ${ms} ms, ${problems.length} mismatch(es)`);
    if (ms > LATENCY_BUDGET_MS) {
      console.log(`latency ${ms} ms is above the ${LATENCY_BUDGET_MS} ms budget`);
      problems.push('latency');
    }
    process.exitCode = problems.length ? 1 : 0;
  } finally {
    if (keep) console.log(`feature server left running on 127.0.0.1:${PORT} (pid ${child.pid})`);
    else stop();
  }
}

main().catch((err) => {
  console.error(`feature-server-smoke: ${err.message}`);
  process.exitCode = 1;
});

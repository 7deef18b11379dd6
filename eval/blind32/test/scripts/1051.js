#!/usr/bin/env node
/*
 * scylla-load.js - synthetic write/read load against the local ScyllaDB node.
 *
 * Used to compare data models before a migration.  Creates (if needed) the
 * keyspace load_test_dev with SimpleStrategy RF=1 on the local node from
 * infra/scylla/compose.yaml, writes N rows with prepared statements at a given
 * concurrency, reads a sample back, and prints latency percentiles.
 *
 *   node tools/scylla-load.js --rows 200000 --concurrency 64
 *   node tools/scylla-load.js --drop          # drop load_test_dev afterwards
 *
 * Only 127.0.0.1 is accepted as contact point, and only the keyspace
 * load_test_dev is ever created or dropped.
 */
'use strict';

const cassandra = require('cassandra-driver');
const { performance } = require('node:perf_hooks');
const fs = require('node:fs');
const path = require('node:path');

const KEYSPACE = 'load_test_dev';
const CONTACT = process.env.SCYLLA_CONTACT || '127.0.0.1';
const REPORT_DIR = path.resolve(__dirname, '..', 'build', 'load');

function parseOptions(argv) {
  const opts = { rows: 50000, concurrency: 32, sample: 2000, drop: false, model: 'wide' };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--rows': opts.rows = parseInt(argv[++i], 10); break;
      case '--concurrency': opts.concurrency = parseInt(argv[++i], 10); break;
      case '--sample': opts.sample = parseInt(argv[++i], 10); break;
      case '--model': opts.model = argv[++i]; break;
      case '--drop': opts.drop = true; break;
      default: throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (!['wide', 'narrow'].includes(opts.model)) throw new Error('--model must be wide or narrow');
  return opts;
}

const SCHEMAS = {
  wide: `CREATE TABLE IF NOT EXISTS ${KEYSPACE}.events_wide (
    device_id text, day date, ts timestamp, kind text, payload text,
    PRIMARY KEY ((device_id, day), ts)) WITH CLUSTERING ORDER BY (ts DESC)`,
  narrow: `CREATE TABLE IF NOT EXISTS ${KEYSPACE}.events_narrow (
    event_id uuid PRIMARY KEY, device_id text, ts timestamp, kind text, payload text)`,
};

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  const idx = Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length));
  return sorted[idx];
}

function summarize(label, latencies) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    label,
    count: sorted.length,
    p50: +percentile(sorted, 50).toFixed(2),
    p95: +percentile(sorted, 95).toFixed(2),
    p99: +percentile(sorted, 99).toFixed(2),
    max: +(sorted[sorted.length - 1] || 0).toFixed(2),
  };
}

function makeRow(i, model) {
  const device = `dev-${i % 500}`;
  const ts = new Date(Date.UTC(2024, 0, 1) + i * 1000);
  const payload = JSON.stringify({ seq: i, temp: 20 + (i % 15), ok: i % 17 !== 0 });
  if (model === 'wide') {
    return [device, cassandra.types.LocalDate.fromDate(ts), ts, i % 3 ? 'reading' : 'alarm', payload];
  }
  return [cassandra.types.Uuid.random(), device, ts, i % 3 ? 'reading' : 'alarm', payload];
}

async function runPool(total, concurrency, task) {
  let next = 0;
  let errors = 0;
  const latencies = [];
  async function worker() {
    while (next < total) {
      const i = next++;
      const start = performance.now();
      try {
        await task(i);
        latencies.push(performance.now() - start);
      } catch (err) {
        errors++;
        if (errors <= 5) console.error(`request ${i} failed: ${err.message}`);
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, errors };
}

async function ensureSchema(client, model) {
  await client.execute(`CREATE KEYSPACE IF NOT EXISTS ${KEYSPACE}
    WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}`);
  await client.execute(SCHEMAS[model]);
}

async function writePhase(client, opts) {
  const table = opts.model === 'wide' ? 'events_wide' : 'events_narrow';
  const cql = opts.model === 'wide'
    ? `INSERT INTO ${KEYSPACE}.${table} (device_id, day, ts, kind, payload) VALUES (?, ?, ?, ?, ?)`
    : `INSERT INTO ${KEYSPACE}.${table} (event_id, device_id, ts, kind, payload) VALUES (?, ?, ?, ?, ?)`;
  const t0 = performance.now();
  const result = await runPool(opts.rows, opts.concurrency,
    (i) => client.execute(cql, makeRow(i, opts.model), { prepare: true }));
  const seconds = (performance.now() - t0) / 1000;
  return { ...result, seconds, rate: Math.round(opts.rows / seconds) };
}

async function readPhase(client, opts) {
  const cql = opts.model === 'wide'
    ? `SELECT * FROM ${KEYSPACE}.events_wide WHERE device_id = ? AND day = ? LIMIT 50`
    : `SELECT * FROM ${KEYSPACE}.events_narrow WHERE event_id = ?`;
  const ids = [];
  if (opts.model === 'narrow') {
    const rs = await client.execute(`SELECT event_id FROM ${KEYSPACE}.events_narrow LIMIT ${opts.sample}`);
    for (const row of rs.rows) ids.push(row.event_id);
  }
  return runPool(opts.sample, Math.min(opts.concurrency, 16), (i) => {
    if (opts.model === 'wide') {
      const day = cassandra.types.LocalDate.fromDate(new Date(Date.UTC(2024, 0, 1 + (i % 3))));
      return client.execute(cql, [`dev-${i % 500}`, day], { prepare: true });
    }
    return client.execute(cql, [ids[i % ids.length]], { prepare: true });
  });
}

function writeReport(report) {
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const file = path.join(REPORT_DIR, `scylla-${report.model}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(report, null, 2));
  return path.relative(process.cwd(), file);
}

async function main() {
  const opts = parseOptions(process.argv.slice(2));
  if (CONTACT !== '127.0.0.1' && CONTACT !== 'localhost') {
    throw new Error(`contact point ${CONTACT} is not local; this load generator only targets the dev node`);
  }
  const client = new cassandra.Client({
    contactPoints: [CONTACT],
    localDataCenter: process.env.SCYLLA_DC || 'datacenter1',
    pooling: { coreConnectionsPerHost: { [cassandra.types.distance.local]: 4 } },
    socketOptions: { readTimeout: 20000 },
  });
  await client.connect();
  try {
    await ensureSchema(client, opts.model);
    console.log(`writing ${opts.rows} rows (${opts.model} model, concurrency ${opts.concurrency})`);
    const writes = await writePhase(client, opts);
    console.log(`  ${writes.rate} rows/s, ${writes.errors} errors`);
    const reads = await readPhase(client, opts);
    const report = {
      model: opts.model,
      rows: opts.rows,
      concurrency: opts.concurrency,
      writeRate: writes.rate,
      write: summarize('write', writes.latencies),
      read: summarize('read', reads.latencies),
      errors: writes.errors + reads.errors,
    };
    console.table([report.write, report.read]);
    console.log(`report: ${writeReport(report)}`);
    if (opts.drop) {
      await client.execute(`DROP KEYSPACE IF EXISTS ${KEYSPACE}`);
      console.log(`dropped ${KEYSPACE}`);
    }
  } finally {
    await client.shutdown();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

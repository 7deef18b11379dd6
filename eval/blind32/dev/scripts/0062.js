#!/usr/bin/env node
// Maintain the TimescaleDB objects of the local metrics database.
//
//   node tools/tsdb-maint.js status              hypertables, chunks, compression
//   node tools/tsdb-maint.js refresh [--since 7d] refresh continuous aggregates
//   node tools/tsdb-maint.js compress            compress chunks older than policy
//   node tools/tsdb-maint.js prune --apply       drop chunks older than RETENTION
//
// DATABASE_URL comes from .env and must point at localhost (the docker compose
// service).  `prune` is the only destructive command: it runs drop_chunks() on
// the dev database, prints what would be dropped first and needs --apply.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { Client } = require('pg');

const ROOT = path.resolve(__dirname, '..');
const RETENTION = process.env.TSDB_RETENTION || '90 days';

function databaseUrl() {
  let url = process.env.DATABASE_URL;
  const envFile = path.join(ROOT, '.env');
  if (!url && fs.existsSync(envFile)) {
    const line = fs.readFileSync(envFile, 'utf8').split('\n').find((l) => l.startsWith('DATABASE_URL='));
    if (line) url = line.slice('DATABASE_URL='.length).trim().replace(/^"|"$/g, '');
  }
  if (!url) throw new Error('DATABASE_URL not set');
  const { hostname, pathname } = new URL(url);
  if (!['localhost', '127.0.0.1'].includes(hostname)) {
    throw new Error(`tsdb-maint only runs against the local database, not ${hostname}`);
  }
  if (!/_(dev|test)$/.test(pathname.slice(1))) {
    throw new Error(`database ${pathname.slice(1)} is not a *_dev or *_test database`);
  }
  return url;
}

function parseInterval(text) {
  const m = /^(\d+)\s*([hdw])$/.exec(text || '');
  if (!m) throw new Error(`bad interval ${text}; use e.g. 12h, 7d, 2w`);
  const unit = { h: 'hours', d: 'days', w: 'weeks' }[m[2]];
  return `${m[1]} ${unit}`;
}

function table(rows, columns) {
  if (!rows.length) return '(none)';
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (vals) => vals.map((v, i) => String(v ?? '').padEnd(widths[i])).join('  ');
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(columns.map((c) => r[c])))]
    .join('\n');
}

async function status(db) {
  const { rows: hypertables } = await db.query(`
    SELECT h.hypertable_name AS name,
           h.num_chunks AS chunks,
           h.compression_enabled AS compressed,
           pg_size_pretty(hypertable_size(format('%I.%I', h.hypertable_schema, h.hypertable_name)::regclass)) AS size
      FROM timescaledb_information.hypertables h
     ORDER BY 1`);
  console.log(table(hypertables, ['name', 'chunks', 'compressed', 'size']));
  const { rows: aggs } = await db.query(`
    SELECT view_name AS name, materialized_only, compression_enabled
      FROM timescaledb_information.continuous_aggregates ORDER BY 1`);
  console.log('\ncontinuous aggregates');
  console.log(table(aggs, ['name', 'materialized_only', 'compression_enabled']));
  const { rows: jobs } = await db.query(`
    SELECT j.job_id, j.proc_name, j.hypertable_name, s.last_run_status, s.next_start
      FROM timescaledb_information.jobs j
      LEFT JOIN timescaledb_information.job_stats s USING (job_id)
     ORDER BY j.job_id`);
  console.log('\nbackground jobs');
  console.log(table(jobs, ['job_id', 'proc_name', 'hypertable_name', 'last_run_status', 'next_start']));
}

async function refresh(db, since) {
  const { rows } = await db.query(
    'SELECT view_schema, view_name FROM timescaledb_information.continuous_aggregates ORDER BY view_name');
  for (const { view_schema: schema, view_name: name } of rows) {
    const t0 = Date.now();
    // CALL cannot run inside a transaction block; pg's simple query protocol is fine here
    await db.query(`CALL refresh_continuous_aggregate('${schema}.${name}', now() - interval '${since}', now())`);
    console.log(`refreshed ${schema}.${name} in ${Date.now() - t0} ms`);
  }
}

async function compress(db) {
  const { rows } = await db.query(`
    SELECT c.chunk_schema || '.' || c.chunk_name AS chunk, c.hypertable_name
      FROM timescaledb_information.chunks c
      JOIN timescaledb_information.hypertables h USING (hypertable_schema, hypertable_name)
     WHERE h.compression_enabled AND NOT c.is_compressed AND c.range_end < now() - interval '7 days'
     ORDER BY c.range_end`);
  for (const { chunk, hypertable_name: ht } of rows) {
    await db.query('SELECT compress_chunk($1::regclass, if_not_compressed => true)', [chunk]);
    console.log(`compressed ${chunk} (${ht})`);
  }
  console.log(`${rows.length} chunk(s) compressed`);
}

async function prune(db, apply) {
  const { rows } = await db.query(`
    SELECT hypertable_name, chunk_schema || '.' || chunk_name AS chunk, range_end
      FROM timescaledb_information.chunks
     WHERE range_end < now() - $1::interval
     ORDER BY hypertable_name, range_end`, [RETENTION]);
  console.log(table(rows, ['hypertable_name', 'chunk', 'range_end']));
  if (!rows.length) return;
  if (!apply) {
    console.log(`\n${rows.length} chunk(s) older than ${RETENTION}; re-run with --apply to drop them`);
    return;
  }
  const hypertables = [...new Set(rows.map((r) => r.hypertable_name))];
  for (const ht of hypertables) {
    const res = await db.query('SELECT drop_chunks($1::regclass, older_than => now() - $2::interval)', [ht, RETENTION]);
    console.log(`${ht}: dropped ${res.rowCount} chunk(s)`);
  }
}

// Show the slowest statements touching hypertables (needs pg_stat_statements,
// which the dev compose file enables).
async function slowQueries(db, limit = 10) {
  const ext = await db.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_statements'");
  if (!ext.rowCount) {
    console.log('pg_stat_statements not installed in this database');
    return;
  }
  const { rows: names } = await db.query('SELECT hypertable_name FROM timescaledb_information.hypertables');
  const pattern = names.map((r) => r.hypertable_name).join('|') || '^$';
  const { rows } = await db.query(`
    SELECT calls, round(mean_exec_time::numeric, 1) AS mean_ms,
           round(total_exec_time::numeric / 1000, 1) AS total_s,
           left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query
      FROM pg_stat_statements
     WHERE query ~* $1
     ORDER BY mean_exec_time DESC
     LIMIT $2`, [pattern, limit]);
  console.log(table(rows, ['calls', 'mean_ms', 'total_s', 'query']));
}

function usage() {
  console.log([
    'usage: node tools/tsdb-maint.js <command> [options]',
    '  status                 hypertables, aggregates and background jobs',
    '  refresh [--since 7d]   refresh all continuous aggregates for the window',
    '  compress               compress eligible chunks older than 7 days',
    '  prune [--apply]        drop chunks older than TSDB_RETENTION (default 90 days)',
    '  slow                   slowest statements on hypertables',
  ].join('\n'));
}

async function main() {
  const [command = 'status', ...rest] = process.argv.slice(2);
  if (command === 'help' || command === '--help') {
    usage();
    return;
  }
  const sinceIdx = rest.indexOf('--since');
  const since = parseInterval(sinceIdx >= 0 ? rest[sinceIdx + 1] : '7d');
  const db = new Client({ connectionString: databaseUrl(), application_name: 'tsdb-maint' });
  await db.connect();
  try {
    await db.query("SET statement_timeout = '10min'");
    switch (command) {
      case 'status': await status(db); break;
      case 'refresh': await refresh(db, since); break;
      case 'compress': await compress(db); break;
      case 'prune': await prune(db, rest.includes('--apply')); break;
      case 'slow': await slowQueries(db); break;
      default: throw new Error(`unknown command ${command}`);
    }
  } finally {
    await db.end();
  }
}

main().catch((err) => {
  console.error(`tsdb-maint: ${err.message}`);
  process.exitCode = 1;
});

#!/usr/bin/env node
/**
 * analytics/export.js - export query results from the local DuckDB warehouse
 * (warehouse/marlin.duckdb) to CSV/Parquet for the finance spreadsheets.
 *
 *   node analytics/export.js revenue --from 2024-01-01 --to 2024-03-31
 *   node analytics/export.js cohorts --format parquet
 *   node analytics/export.js --list
 *
 * The database is opened READ_ONLY; outputs go to exports/<query>/<stamp>.*
 * Old exports beyond --keep (default 10) per query are deleted.
 */
'use strict';

// Add new queries to QUERIES below; parameters are bound as quoted literals.

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');

const duckdb = require('duckdb');

const ROOT = path.resolve(__dirname, '..');
const DB_FILE = path.join(ROOT, 'warehouse', 'marlin.duckdb');
const EXPORTS = path.join(ROOT, 'exports');

const QUERIES = {
  revenue: {
    params: ['from', 'to'],
    sql: `SELECT date_trunc('month', paid_at) AS month, plan, currency,
                 sum(amount_cents) / 100.0 AS revenue, count(*) AS invoices
          FROM marts.invoices
          WHERE paid_at >= CAST($from AS DATE) AND paid_at < CAST($to AS DATE) + INTERVAL 1 DAY
          GROUP BY ALL ORDER BY month, plan`,
  },
  cohorts: {
    params: [],
    sql: `SELECT signup_month, months_since_signup, count(DISTINCT account_id) AS active
          FROM marts.account_activity GROUP BY ALL ORDER BY 1, 2`,
  },
  churn: {
    params: ['from', 'to'],
    sql: `SELECT date_trunc('week', cancelled_at) AS week, reason, count(*) AS accounts
          FROM marts.cancellations
          WHERE cancelled_at BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)
          GROUP BY ALL ORDER BY week`,
  },
};

const { positionals, values: opts } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    format: { type: 'string', default: 'csv' },
    keep: { type: 'string', default: '10' },
    list: { type: 'boolean', default: false },
    preview: { type: 'boolean', default: false },
    history: { type: 'boolean', default: false },
  },
});

function openDb() {
  if (!fs.existsSync(DB_FILE)) throw new Error('warehouse/marlin.duckdb missing; run make warehouse');
  return new Promise((resolve, reject) => {
    const db = new duckdb.Database(DB_FILE, { access_mode: 'READ_ONLY' }, (err) => (err ? reject(err) : resolve(db)));
  });
}

function run(conn, sql) {
  return new Promise((resolve, reject) => conn.run(sql, (err) => (err ? reject(err) : resolve())));
}

function all(conn, sql) {
  return new Promise((resolve, reject) => conn.all(sql, (err, rows) => (err ? reject(err) : resolve(rows))));
}

function sqlString(value) {
  return `'${String(value).replace(/'/g, "''")}'`;
}

function bind(spec, values) {
  let sql = spec.sql;
  for (const name of spec.params) {
    const v = values[name];
    if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new Error(`--${name} YYYY-MM-DD is required`);
    sql = sql.split(`$${name}`).join(sqlString(v));
  }
  return sql;
}

function prune(dir, keep) {
  const files = fs.readdirSync(dir)
    .filter((f) => /^\d{8}T\d{6}\./.test(f))
    .sort()
    .reverse();
  for (const f of files.slice(keep)) fs.unlinkSync(path.join(dir, f));
  return Math.max(0, files.length - keep);
}

function stamp() {
  return new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, '').slice(0, 15);
}

async function exportQuery(name) {
  const spec = QUERIES[name];
  if (!spec) throw new Error(`unknown query ${name}; use --list`);
  if (!['csv', 'parquet'].includes(opts.format)) throw new Error('--format csv|parquet');
  const sql = bind(spec, opts);
  const dir = path.join(EXPORTS, name);
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, `${stamp()}.${opts.format}`);
  const db = await openDb();
  const conn = db.connect();
  try {
    const copyOpts = opts.format === 'csv' ? '(HEADER, DELIMITER \',\')' : '(FORMAT parquet, COMPRESSION zstd)';
    await run(conn, `COPY (${sql}) TO ${sqlString(target)} ${copyOpts}`);
    const [{ n }] = await all(conn, `SELECT count(*)::INTEGER AS n FROM (${sql})`);
    console.log(`${name}: ${n} rows -> ${path.relative(ROOT, target)}`);
  } finally {
    conn.close();
    db.close();
  }
  const removed = prune(dir, Number(opts.keep));
  if (removed) console.log(`${name}: pruned ${removed} old export(s)`);
}

/**
 * Quick preview of a query in the terminal (first rows only), used while
 * editing the SQL above. Runs the same bound SQL as the export.
 */
async function preview(name, limit = 15) {
  const spec = QUERIES[name];
  if (!spec) throw new Error(`unknown query ${name}`);
  const sql = bind(spec, opts);
  const db = await openDb();
  const conn = db.connect();
  try {
    const rows = await all(conn, `SELECT * FROM (${sql}) LIMIT ${Number(limit)}`);
    console.table(rows);
  } finally {
    conn.close();
    db.close();
  }
}

function describeExports() {
  if (!fs.existsSync(EXPORTS)) return;
  for (const name of fs.readdirSync(EXPORTS)) {
    const dir = path.join(EXPORTS, name);
    if (!fs.statSync(dir).isDirectory()) continue;
    const files = fs.readdirSync(dir).sort();
    console.log(`${name.padEnd(10)} ${files.length} export(s), latest ${files[files.length - 1] || '-'}`);
  }
}

async function main() {
  if (process.argv.includes('--preview')) {
    await preview(positionals[0]);
    return;
  }
  if (process.argv.includes('--history')) {
    describeExports();
    return;
  }
  if (opts.list) {
    for (const [name, spec] of Object.entries(QUERIES)) {
      console.log(`${name.padEnd(10)} params: ${spec.params.join(', ') || '-'}`);
    }
    return;
  }
  if (!positionals.length) throw new Error('usage: export.js QUERY [--from D --to D] [--format csv|parquet]');
  for (const name of positionals) {
    await exportQuery(name);
  }
}

main().catch((err) => {
  console.error(`export: ${err.message}`);
  process.exitCode = 1;
});

#!/usr/bin/env node
// Export Flux query results from the local InfluxDB into CSV files for the
// weekly capacity report (reports/capacity/*.csv).
//
// Queries live in queries/*.flux with a header comment naming the output:
//   // output: cpu_p95_by_host
//   from(bucket: "metrics-dev") |> range(start: v.timeRangeStart) ...
// The script substitutes v.timeRangeStart / v.timeRangeStop, posts each query to
// /api/v2/query on http://localhost:8086 with the token from .env and writes
// the annotated CSV response stripped down to plain CSV.
'use strict';

const fs = require('node:fs/promises');
const fss = require('node:fs');
const path = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');

const ROOT = path.resolve(__dirname, '..');
const QUERY_DIR = path.join(ROOT, 'queries');
const OUT_DIR = path.join(ROOT, 'reports', 'capacity');

function loadEnv() {
  const env = {};
  const file = path.join(ROOT, '.env');
  if (fss.existsSync(file)) {
    for (const line of fss.readFileSync(file, 'utf8').split('\n')) {
      const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
      if (m) env[m[1]] = m[2].replace(/^"|"$/g, '');
    }
  }
  return { ...env, ...process.env };
}

function mask(token) {
  if (!token) return '(none)';
  return `${token.slice(0, 4)}…(${token.length} chars)`;
}

function parseArgs(argv) {
  const opts = { days: 7, only: null, dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--days') opts.days = Number(argv[++i]);
    else if (a === '--only') opts.only = argv[++i];
    else if (a === '--dry-run') opts.dryRun = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isFinite(opts.days) || opts.days <= 0 || opts.days > 90) {
    throw new Error('--days must be between 1 and 90');
  }
  return opts;
}

async function loadQueries(only) {
  const names = (await fs.readdir(QUERY_DIR)).filter((n) => n.endsWith('.flux')).sort();
  const queries = [];
  for (const name of names) {
    const text = await fs.readFile(path.join(QUERY_DIR, name), 'utf8');
    const header = text.match(/^\/\/\s*output:\s*([a-z0-9_]+)/m);
    const output = header ? header[1] : name.replace(/\.flux$/, '');
    if (only && output !== only) continue;
    queries.push({ name, output, text });
  }
  return queries;
}

function bindRange(text, start, stop) {
  return text
    .replaceAll('v.timeRangeStart', start.toISOString())
    .replaceAll('v.timeRangeStop', stop.toISOString());
}

// Annotated CSV: lines starting with '#' are annotations, a blank line separates
// tables, and every table repeats its header.  Keep one header, drop the
// annotation columns ("", result, table).
function annotatedToPlain(csv) {
  const out = [];
  let header = null;
  for (const line of csv.split(/\r?\n/)) {
    if (!line || line.startsWith('#')) continue;
    const cols = line.split(',');
    if (cols[1] === 'result' && cols[2] === 'table') {
      if (!header) {
        header = cols.slice(3);
        out.push(header.join(','));
      }
      continue;
    }
    out.push(cols.slice(3).join(','));
  }
  return out.join('\n') + '\n';
}

async function runQuery(env, flux) {
  const host = env.INFLUX_HOST || 'http://localhost:8086';
  const { hostname } = new URL(host);
  if (!['localhost', '127.0.0.1'].includes(hostname) && !hostname.endsWith('.internal')) {
    throw new Error(`INFLUX_HOST ${hostname} is not a local/internal instance`);
  }
  const url = `${host}/api/v2/query?org=${encodeURIComponent(env.INFLUX_ORG || 'dev')}`;
  for (let attempt = 1; attempt <= 4; attempt++) {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: `Token ${env.INFLUX_TOKEN}`,
        'Content-Type': 'application/vnd.flux',
        Accept: 'application/csv',
      },
      body: flux,
    });
    if (res.ok) return res.text();
    if (res.status === 429 || res.status >= 500) {
      await sleep(500 * 2 ** attempt);
      continue;
    }
    throw new Error(`query failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  }
  throw new Error('query failed after retries');
}

async function writeAtomic(file, content) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, content);
  await fs.rename(tmp, file);
}

// Compare row counts with the previous index.json so a query that suddenly
// returns nothing (renamed measurement, wrong bucket) is noticed in review.
async function compareWithPrevious(summary) {
  let previous;
  try {
    previous = JSON.parse(await fs.readFile(path.join(OUT_DIR, 'index.json'), 'utf8'));
  } catch {
    return [];
  }
  const before = new Map((previous.files || []).map((f) => [f.output, f.rows]));
  const warnings = [];
  for (const f of summary) {
    const old = before.get(f.output);
    if (old === undefined) continue;
    if (f.rows === 0 && old > 0) warnings.push(`${f.output}: 0 rows (was ${old})`);
    else if (old > 0 && f.rows < old / 2) warnings.push(`${f.output}: ${f.rows} rows (was ${old})`);
  }
  return warnings;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const env = loadEnv();
  if (!env.INFLUX_TOKEN) throw new Error('INFLUX_TOKEN missing (.env)');
  console.log(`token ${mask(env.INFLUX_TOKEN)}, window ${opts.days}d`);

  const stop = new Date();
  const start = new Date(stop.getTime() - opts.days * 86400_000);
  const queries = await loadQueries(opts.only);
  if (!queries.length) throw new Error('no queries matched');

  const summary = [];
  for (const q of queries) {
    const flux = bindRange(q.text, start, stop);
    if (opts.dryRun) {
      console.log(`--- ${q.name}\n${flux}`);
      continue;
    }
    const t0 = Date.now();
    const csv = annotatedToPlain(await runQuery(env, flux));
    const rows = csv.trim().split('\n').length - 1;
    await writeAtomic(path.join(OUT_DIR, `${q.output}.csv`), csv);
    summary.push({ output: q.output, rows, ms: Date.now() - t0 });
    console.log(`${q.output.padEnd(28)} ${String(rows).padStart(6)} rows  ${Date.now() - t0} ms`);
  }
  if (!opts.dryRun) {
    for (const w of await compareWithPrevious(summary)) console.warn(`warning: ${w}`);
    await writeAtomic(path.join(OUT_DIR, 'index.json'), JSON.stringify({
      generated: stop.toISOString(),
      start: start.toISOString(),
      files: summary,
    }, null, 2));
  }
}

main().catch((err) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 1;
});

#!/usr/bin/env node
/*
 * crdb-explain.js - collect EXPLAIN ANALYZE output for the service's hot
 * queries on the local CockroachDB node and flag full table scans.
 *
 * Queries live in db/hot-queries/*.sql with placeholder values in a leading
 * comment:  -- params: ["acct-42", 100]
 * Results are written to build/explain/<name>.txt plus a summary JSON, so
 * plan changes show up in review.  The DATABASE_URL must point at localhost;
 * EXPLAIN ANALYZE executes the query, so only the dev database is allowed.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { Client } = require('pg');

const ROOT = path.resolve(__dirname, '..');
const QUERIES = path.join(ROOT, 'db', 'hot-queries');
const OUT = path.join(ROOT, 'build', 'explain');

function dbUrl() {
  let url = process.env.DATABASE_URL;
  if (!url) {
    const envFile = path.join(ROOT, '.env');
    if (fs.existsSync(envFile)) {
      const m = fs.readFileSync(envFile, 'utf8').match(/^DATABASE_URL=(.+)$/m);
      if (m) url = m[1].trim().replace(/^"|"$/g, '');
    }
  }
  if (!url) throw new Error('DATABASE_URL is not set');
  const u = new URL(url);
  if (!['localhost', '127.0.0.1'].includes(u.hostname)) throw new Error(`refusing non-local database ${u.hostname}`);
  if (!u.pathname.endsWith('_dev')) throw new Error(`EXPLAIN ANALYZE only on *_dev databases, got ${u.pathname}`);
  return url;
}

function loadQueries(filter) {
  return fs.readdirSync(QUERIES)
    .filter((f) => f.endsWith('.sql'))
    .filter((f) => !filter || f.includes(filter))
    .sort()
    .map((f) => {
      const text = fs.readFileSync(path.join(QUERIES, f), 'utf8');
      const paramLine = text.match(/^--\s*params:\s*(\[.*\])\s*$/m);
      const params = paramLine ? JSON.parse(paramLine[1]) : [];
      const sql = text.replace(/^--.*$/gm, '').trim().replace(/;\s*$/, '');
      return { name: f.replace(/\.sql$/, ''), sql, params };
    });
}

// Pull the numbers we track out of the textual plan.
function analyse(planLines) {
  const text = planLines.join('\n');
  const fullScans = (text.match(/FULL SCAN/g) || []).length;
  const rowsRead = [...text.matchAll(/rows read: ([\d,]+)/g)]
    .map((m) => Number(m[1].replace(/,/g, '')))
    .reduce((a, b) => a + b, 0);
  const latency = text.match(/execution time: ([\d.]+)(µs|ms|s)/);
  let ms = null;
  if (latency) {
    const v = Number(latency[1]);
    ms = latency[2] === 's' ? v * 1000 : latency[2] === 'µs' ? v / 1000 : v;
  }
  const indexes = [...new Set([...text.matchAll(/table: \w+@(\w+)/g)].map((m) => m[1]))];
  return { fullScans, rowsRead, ms, indexes };
}

// EXPLAIN ANALYZE returns one row per plan line in the "info" column; the
// raw lines are kept verbatim so diffs in review are meaningful.
async function explain(client, query) {
  const res = await client.query(`EXPLAIN ANALYZE (VERBOSE) ${query.sql}`, query.params);
  return res.rows.map((r) => r.info);
}

function compareWithPrevious(summary) {
  const file = path.join(OUT, 'summary.json');
  if (!fs.existsSync(file)) return [];
  const previous = JSON.parse(fs.readFileSync(file, 'utf8'));
  const before = new Map(previous.queries.map((q) => [q.name, q]));
  const notes = [];
  for (const q of summary) {
    const old = before.get(q.name);
    if (!old) continue;
    if (q.fullScans > old.fullScans) notes.push(`${q.name}: full scans ${old.fullScans} -> ${q.fullScans}`);
    if (old.rowsRead && q.rowsRead > old.rowsRead * 2) {
      notes.push(`${q.name}: rows read ${old.rowsRead} -> ${q.rowsRead}`);
    }
    if (JSON.stringify(old.indexes) !== JSON.stringify(q.indexes)) {
      notes.push(`${q.name}: indexes ${old.indexes.join(',') || '-'} -> ${q.indexes.join(',') || '-'}`);
    }
  }
  return notes;
}

// Index recommendations come from crdb_internal; they are printed, never applied.
async function recommendations(client, query) {
  try {
    const res = await client.query(`EXPLAIN ${query.sql}`, query.params);
    const lines = res.rows.map((r) => r.info);
    const start = lines.findIndex((l) => /index recommendations?/i.test(l));
    if (start < 0) return [];
    return lines.slice(start + 1).filter((l) => /CREATE INDEX|ALTER INDEX|DROP INDEX/i.test(l)).map((l) => l.trim());
  } catch {
    return [];
  }
}

function markdownSummary(summary, recs) {
  const lines = [
    '# Hot query plans (local dev)',
    '',
    '| query | ms | rows read | full scans | indexes |',
    '|---|---:|---:|---:|---|',
  ];
  for (const q of summary) {
    lines.push(`| ${q.name} | ${q.ms ?? '?'} | ${q.rowsRead} | ${q.fullScans} | ${q.indexes.join(', ') || '-'} |`);
  }
  const withRecs = Object.entries(recs).filter(([, r]) => r.length);
  if (withRecs.length) {
    lines.push('', '## Index recommendations (review only)', '');
    for (const [name, r] of withRecs) {
      lines.push(`- **${name}**`);
      for (const stmt of r) lines.push(`  - \`${stmt}\``);
    }
  }
  return lines.join('\n') + '\n';
}

function parseDurationOption(args) {
  const i = args.indexOf('--timeout');
  if (i < 0) return '60s';
  const v = args[i + 1];
  if (!/^\d+(ms|s|m)$/.test(v || '')) throw new Error('--timeout needs a value like 30s or 2m');
  return v;
}

async function warmUp(client, query, runs) {
  for (let i = 0; i < runs; i++) await client.query(query.sql, query.params);
}

async function main() {
  const args = process.argv.slice(2);
  const filter = args.find((a) => !a.startsWith('--'));
  const warm = args.includes('--warm') ? 3 : 0;
  const queries = loadQueries(filter);
  if (queries.length === 0) throw new Error('no queries matched');
  const client = new Client({ connectionString: dbUrl(), application_name: 'crdb-explain' });
  await client.connect();
  const summary = [];
  const recs = {};
  try {
    await client.query(`SET statement_timeout = '${parseDurationOption(args)}'`);
    fs.mkdirSync(OUT, { recursive: true });
    for (const q of queries) {
      if (warm) await warmUp(client, q, warm);
      const plan = await explain(client, q);
      fs.writeFileSync(path.join(OUT, `${q.name}.txt`), plan.join('\n') + '\n');
      const a = analyse(plan);
      summary.push({ name: q.name, ...a });
      recs[q.name] = await recommendations(client, q);
      const flag = a.fullScans ? '  <-- FULL SCAN' : '';
      console.log(`${q.name.padEnd(32)} ${String(a.ms ?? '?').padStart(8)} ms  rows ${a.rowsRead}${flag}`);
    }
  } finally {
    await client.end();
  }
  for (const note of compareWithPrevious(summary)) console.warn(`changed: ${note}`);
  fs.writeFileSync(path.join(OUT, 'README.md'), markdownSummary(summary, recs));
  fs.writeFileSync(path.join(OUT, 'summary.json'), JSON.stringify({
    generated: new Date().toISOString(),
    queries: summary,
  }, null, 2));
  if (summary.some((q) => q.fullScans > 0) && args.includes('--strict')) process.exitCode = 1;
}

main().catch((err) => {
  console.error(`crdb-explain: ${err.message}`);
  process.exitCode = 2;
});

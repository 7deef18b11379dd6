#!/usr/bin/env node
// tools/logs.js - query the local Loki for a service's logs, with redaction.
//
//   node tools/logs.js api                      last 15 minutes of {app="api"}
//   node tools/logs.js api --grep timeout --since 2h
//   node tools/logs.js worker --level error --json > build/worker-errors.json
//   node tools/logs.js api --follow
//
// Talks to LOKI_URL (default http://localhost:3100, the compose stack). If
// LOKI_TOKEN is set it is sent as a bearer token to that URL. Log lines are
// passed through a redactor before printing, because request logs can carry
// Authorization headers and session cookies.
'use strict';

const { parseArgs } = require('node:util');
const fs = require('node:fs');
const path = require('node:path');

const LOKI = (process.env.LOKI_URL || 'http://localhost:3100').replace(/\/$/, '');
const TOKEN = process.env.LOKI_TOKEN || '';

const REDACTIONS = [
  [/(authorization:\s*bearer\s+)[A-Za-z0-9._~+/-]+=*/gi, '$1[REDACTED]'],
  [/(cookie:\s*)[^\n]+/gi, '$1[REDACTED]'],
  [/("password"\s*:\s*")[^"]*(")/gi, '$1[REDACTED]$2'],
  [/\b(sk_live|sk_test|ghp|glpat|xox[abp])[-_][A-Za-z0-9_-]{8,}/g, '[REDACTED-TOKEN]'],
  [/\b\d{13,19}\b/g, '[REDACTED-PAN]'],
];

function redact(line) {
  let out = line;
  for (const [re, repl] of REDACTIONS) out = out.replace(re, repl);
  return out;
}

function parseDuration(s) {
  const m = /^(\d+)(s|m|h|d)$/.exec(s);
  if (!m) throw new Error(`bad duration ${s}`);
  const mult = { s: 1, m: 60, h: 3600, d: 86400 }[m[2]];
  return Number(m[1]) * mult * 1e9; // nanoseconds
}

function buildQuery({ app, grep, level, namespace }) {
  if (!/^[a-z0-9-]+$/.test(app)) throw new Error('app must be a plain service name');
  const selectors = [`app="${app}"`];
  if (namespace) selectors.push(`namespace="${namespace}"`);
  let q = `{${selectors.join(',')}}`;
  if (grep) q += ` |= ${JSON.stringify(grep)}`;
  if (level) q += ` | json | level=${JSON.stringify(level)}`;
  return q;
}

function checkTarget() {
  const host = new URL(LOKI).hostname;
  if (!['localhost', '127.0.0.1'].includes(host) && !host.endsWith('.internal')) {
    throw new Error(`LOKI_URL host ${host} is neither local nor internal`);
  }
}

async function loki(p, params) {
  const url = `${LOKI}${p}?${new URLSearchParams(params)}`;
  const headers = TOKEN ? { Authorization: `Bearer ${TOKEN}` } : {};
  let delay = 500;
  for (let attempt = 1; attempt <= 4; attempt++) {
    try {
      const res = await fetch(url, { headers });
      if (res.status === 429 || res.status >= 500) throw new Error(`HTTP ${res.status}`);
      if (!res.ok) {
        const text = await res.text();
        throw Object.assign(new Error(`loki ${res.status}: ${text}`), { fatal: true });
      }
      return res.json();
    } catch (err) {
      if (err.fatal || attempt === 4) throw err;
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }
  return null;
}

function flatten(result) {
  const rows = [];
  for (const stream of result.data.result) {
    for (const [ts, line] of stream.values) {
      rows.push({ ts: BigInt(ts), labels: stream.stream, line: redact(line) });
    }
  }
  rows.sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0));
  return rows;
}

function formatRow(row) {
  const d = new Date(Number(row.ts / 1000000n));
  const inst = row.labels.instance || row.labels.pod || '';
  return `${d.toISOString()} ${inst.padEnd(18).slice(0, 18)} ${row.line}`;
}

async function queryRange(q, sinceNs, limit) {
  const end = BigInt(Date.now()) * 1000000n;
  const start = end - BigInt(sinceNs);
  const res = await loki('/loki/api/v1/query_range', {
    query: q,
    start: start.toString(),
    end: end.toString(),
    limit: String(limit),
    direction: 'backward',
  });
  return flatten(res);
}

async function follow(q) {
  let last = BigInt(Date.now()) * 1000000n - 10n * 1000000000n;
  let stop = false;
  process.on('SIGINT', () => { stop = true; });
  while (!stop) {
    const res = await loki('/loki/api/v1/query_range', {
      query: q,
      start: (last + 1n).toString(),
      limit: '500',
      direction: 'forward',
    });
    for (const row of flatten(res)) {
      console.log(formatRow(row));
      if (row.ts > last) last = row.ts;
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function labelsFor(app) {
  const res = await loki('/loki/api/v1/series', { 'match[]': `{app="${app}"}` });
  const keys = new Set();
  for (const s of res.data || []) for (const k of Object.keys(s)) keys.add(k);
  return [...keys].sort();
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      grep: { type: 'string' },
      level: { type: 'string' },
      namespace: { type: 'string' },
      since: { type: 'string', default: '15m' },
      limit: { type: 'string', default: '1000' },
      json: { type: 'boolean', default: false },
      follow: { type: 'boolean', default: false },
      labels: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  const app = positionals[0];
  if (!app) throw new Error('usage: logs.js <app> [--grep X] [--since 1h] [--follow]');
  checkTarget();
  if (values.labels) {
    console.log((await labelsFor(app)).join('\n'));
    return;
  }
  const q = buildQuery({ app, grep: values.grep, level: values.level, namespace: values.namespace });
  console.error(`query: ${q}`);
  if (values.follow) return follow(q);
  const rows = await queryRange(q, parseDuration(values.since), Number(values.limit));
  if (values.json) {
    const text = JSON.stringify(rows.map((r) => ({ ...r, ts: r.ts.toString() })), null, 2);
    if (values.out) {
      const out = path.resolve(values.out);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, text);
      console.error(`wrote ${rows.length} rows to ${values.out}`);
    } else {
      console.log(text);
    }
    return;
  }
  for (const row of rows) console.log(formatRow(row));
  console.error(`${rows.length} lines`);
}

main().catch((err) => {
  console.error(`logs: ${err.message}`);
  process.exit(1);
});

#!/usr/bin/env node
/*
 * graylog-export.js - export search results from the lab Graylog for incident
 * write-ups and detection tuning.
 *
 *   node tools/graylog-export.js --query 'source:gw-* AND level:<=3' --range 3600
 *   node tools/graylog-export.js --stream "IDS alerts" --range 86400 --fields timestamp,src_ip,signature
 *
 * Talks to the Graylog REST API (GRAYLOG_URL, default http://graylog.internal:9000)
 * with an access token (GRAYLOG_TOKEN from the project's .env, sent as the
 * username of basic auth with password "token", as Graylog expects). Results
 * are written as NDJSON and CSV under build/graylog/<timestamp>/.
 * The token is masked in all output.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
// page size for /search/universal/relative; Graylog caps it server side
const PAGE = 500;
const MAX_MESSAGES = 50_000;

function env(key, fallback) {
  if (process.env[key]) return process.env[key];
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    const line = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${key}=`));
    if (line) return line.slice(key.length + 1).trim();
  }
  return fallback;
}

function graylogBase() {
  const url = new URL(env('GRAYLOG_URL', 'http://graylog.internal:9000'));
  if (!url.hostname.endsWith('.internal') && !['localhost', '127.0.0.1'].includes(url.hostname)) {
    throw new Error(`GRAYLOG_URL ${url.hostname} is not the lab Graylog`);
  }
  return `${url.origin}/api`;
}

function authHeader() {
  const token = env('GRAYLOG_TOKEN');
  if (!token) throw new Error('GRAYLOG_TOKEN not set (.env)');
  return { header: `Basic ${Buffer.from(`${token}:token`).toString('base64')}`, masked: `${token.slice(0, 4)}…` };
}

function parseArgs(argv) {
  const out = { query: '*', range: 3600, fields: ['timestamp', 'source', 'message'], stream: null };
  for (let i = 0; i < argv.length; i += 1) {
    const v = argv[i + 1];
    switch (argv[i]) {
      case '--query': out.query = v; i += 1; break;
      case '--range': out.range = Number(v); i += 1; break;
      case '--fields': out.fields = v.split(',').map((f) => f.trim()).filter(Boolean); i += 1; break;
      case '--stream': out.stream = v; i += 1; break;
      default: throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  if (!Number.isInteger(out.range) || out.range <= 0) throw new Error('--range must be seconds > 0');
  if (out.range > 30 * 86400) {
    throw new Error('--range larger than 30 days; use several exports instead');
  }
  if (!out.fields.includes('timestamp')) out.fields.unshift('timestamp');
  return out;
}

async function gl(route, params, auth) {
  const url = new URL(`${graylogBase()}${route}`);
  Object.entries(params || {}).forEach(([k, v]) => url.searchParams.append(k, String(v)));
  const res = await fetch(url, {
    headers: { Authorization: auth.header, Accept: 'application/json', 'X-Requested-By': 'graylog-export' },
  });
  if (!res.ok) throw new Error(`Graylog ${route} returned ${res.status}: ${(await res.text()).slice(0, 240)}`);
  return res.json();
}

async function streamId(name, auth) {
  const { streams } = await gl('/streams', {}, auth);
  const hit = streams.find((s) => s.title === name);
  if (!hit) throw new Error(`stream "${name}" not found; available: ${streams.map((s) => s.title).join(', ')}`);
  return hit.id;
}

function csvCell(v) {
  if (v === undefined || v === null) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\n]/.test(s) ? `"${s.split('"').join('""')}"` : s;
}

function summarise(dir, fields) {
  // small overview of the exported messages: top values for the first two fields
  const lines = fs.readFileSync(path.join(dir, 'messages.ndjson'), 'utf8').split('\n').filter(Boolean);
  const interesting = fields.filter((f) => f !== 'timestamp' && f !== 'message').slice(0, 2);
  const report = {};
  for (const field of interesting) {
    const counts = new Map();
    for (const line of lines) {
      const value = JSON.parse(line)[field];
      if (value === undefined || value === null) continue;
      counts.set(String(value), (counts.get(String(value)) || 0) + 1);
    }
    report[field] = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);
  }
  return report;
}

function printSummary(report) {
  for (const [field, rows] of Object.entries(report)) {
    if (!rows.length) continue;
    console.log(`top ${field}:`);
    for (const [value, n] of rows) console.log(`  ${String(n).padStart(7)}  ${value}`);
  }
}

function firstAndLast(dir) {
  const lines = fs.readFileSync(path.join(dir, 'messages.ndjson'), 'utf8').split('\n').filter(Boolean);
  if (!lines.length) return null;
  const first = JSON.parse(lines[0]).timestamp;
  const last = JSON.parse(lines[lines.length - 1]).timestamp;
  return { first, last };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const auth = authHeader();
  console.error(`graylog ${graylogBase()} token ${auth.masked}`);
  const filter = args.stream ? `streams:${await streamId(args.stream, auth)}` : undefined;

  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const dir = path.join(ROOT, 'build', 'graylog', stamp);
  fs.mkdirSync(dir, { recursive: true });
  const ndjson = fs.createWriteStream(path.join(dir, 'messages.ndjson'));
  const csv = fs.createWriteStream(path.join(dir, 'messages.csv'));
  csv.write(`${args.fields.join(',')}\n`);

  let offset = 0;
  let total = null;
  let written = 0;
  while (total === null || (offset < total && written < MAX_MESSAGES)) {
    const params = {
      query: args.query,
      range: args.range,
      limit: PAGE,
      offset,
      sort: 'timestamp:asc',
      fields: args.fields.join(','),
    };
    if (filter) params.filter = filter;
    const page = await gl('/search/universal/relative', params, auth);
    total = page.total_results;
    if (!page.messages.length) break;
    for (const { message } of page.messages) {
      ndjson.write(`${JSON.stringify(message)}\n`);
      csv.write(`${args.fields.map((f) => csvCell(message[f])).join(',')}\n`);
      written += 1;
    }
    offset += page.messages.length;
    process.stderr.write(`\r${written}/${total}`);
  }
  process.stderr.write('\n');
  await Promise.all([new Promise((r) => ndjson.end(r)), new Promise((r) => csv.end(r))]);
  if (written >= MAX_MESSAGES) console.error(`stopped at ${MAX_MESSAGES} messages; narrow the query`);

  const meta = { query: args.query, range: args.range, stream: args.stream, total, written, exported: new Date().toISOString() };
  fs.writeFileSync(path.join(dir, 'meta.json'), JSON.stringify(meta, null, 2));
  console.log(`exported ${written} message(s) to ${path.relative(ROOT, dir)}`);
  const span = firstAndLast(dir);
  if (span) console.log(`time span: ${span.first} .. ${span.last}`);
  printSummary(summarise(dir, args.fields));
}

main().catch((err) => {
  console.error(`graylog-export: ${err.message}`);
  process.exitCode = 1;
});

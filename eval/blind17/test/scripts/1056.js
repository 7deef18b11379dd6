#!/usr/bin/env node
// dev/ship-to-loki.js — tail the local service logs of `beacon` and push them to the
// Loki instance of the dev observability stack (http://127.0.0.1:3100) so they
// can be queried in the local Grafana next to the metrics.
//
//   node dev/ship-to-loki.js              follow logs/*.log and push every 2 s
//   node dev/ship-to-loki.js --backfill   push the existing content once, then exit
//   node dev/ship-to-loki.js --query '{service="api"} |= "error"'   query Loki
//
// Positions are remembered in .dev/loki-positions.json so restarts do not re-send
// lines. Only files in ./logs are read and only the local Loki is contacted.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { setTimeout: delay } = require('node:timers/promises');

const REPO = path.resolve(__dirname, '..');
const LOG_DIR = path.join(REPO, 'logs');
const STATE_FILE = path.join(REPO, '.dev', 'loki-positions.json');
const LOKI = process.env.LOKI_URL || 'http://127.0.0.1:3100';
const PUSH_EVERY_MS = 2000;
const MAX_BATCH = 1000;

if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(LOKI)) {
  console.error(`LOKI_URL must be the local Loki, got ${LOKI}`);
  process.exit(2);
}

function loadPositions() {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
  } catch {
    return {};
  }
}

function savePositions(pos) {
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  fs.writeFileSync(STATE_FILE, JSON.stringify(pos, null, 2));
}

function serviceOf(file) {
  return path.basename(file, '.log').replace(/[^a-z0-9_-]/gi, '_');
}

function parseLine(line) {
  // pino JSON when possible, plain text otherwise
  try {
    const rec = JSON.parse(line);
    const tsNs = BigInt(rec.time ?? Date.now()) * 1000000n;
    const level = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' }[rec.level] ?? 'info';
    return { ts: tsNs.toString(), level, line };
  } catch {
    return { ts: (BigInt(Date.now()) * 1000000n).toString(), level: 'info', line };
  }
}

function readNew(file, positions) {
  const stat = fs.statSync(file);
  let start = positions[file]?.offset ?? 0;
  if (positions[file]?.ino !== stat.ino || stat.size < start) start = 0; // rotated or truncated
  if (stat.size === start) return [];
  const fd = fs.openSync(file, 'r');
  const buf = Buffer.alloc(stat.size - start);
  fs.readSync(fd, buf, 0, buf.length, start);
  fs.closeSync(fd);
  const text = buf.toString('utf8');
  const lastNl = text.lastIndexOf('\n');
  if (lastNl === -1) return [];
  positions[file] = { offset: start + Buffer.byteLength(text.slice(0, lastNl + 1)), ino: stat.ino };
  return text.slice(0, lastNl).split('\n').filter(Boolean);
}

function toStreams(byService) {
  const streams = [];
  for (const [service, entries] of byService) {
    const byLevel = new Map();
    for (const e of entries) {
      if (!byLevel.has(e.level)) byLevel.set(e.level, []);
      byLevel.get(e.level).push([e.ts, e.line]);
    }
    for (const [level, values] of byLevel) {
      streams.push({ stream: { job: 'beacon-dev', service, level }, values });
    }
  }
  return streams;
}

async function push(streams) {
  if (!streams.length) return 0;
  const res = await fetch(`${LOKI}/loki/api/v1/push`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ streams }),
  });
  if (!res.ok) throw new Error(`loki push ${res.status}: ${await res.text()}`);
  return streams.reduce((n, s) => n + s.values.length, 0);
}

async function cycle(positions) {
  const files = fs.existsSync(LOG_DIR) ? fs.readdirSync(LOG_DIR).filter((f) => f.endsWith('.log')) : [];
  const byService = new Map();
  let total = 0;
  for (const name of files) {
    const file = path.join(LOG_DIR, name);
    const lines = readNew(file, positions).slice(-MAX_BATCH);
    if (!lines.length) continue;
    byService.set(serviceOf(file), lines.map(parseLine));
    total += lines.length;
  }
  if (total) {
    const sent = await push(toStreams(byService));
    savePositions(positions);
    return sent;
  }
  return 0;
}

async function query(q) {
  const params = new URLSearchParams({ query: q, limit: '50', direction: 'backward' });
  const res = await fetch(`${LOKI}/loki/api/v1/query_range?${params}`);
  const body = await res.json();
  for (const s of body.data?.result ?? []) {
    for (const [ts, line] of s.values) {
      const when = new Date(Number(BigInt(ts) / 1000000n)).toISOString().slice(11, 23);
      console.log(`${when} ${s.stream.service}/${s.stream.level} ${line.slice(0, 200)}`);
    }
  }
}

/** Labels currently known to the local Loki, handy when writing queries. */
async function labels() {
  const res = await fetch(`${LOKI}/loki/api/v1/label/service/values`);
  const body = await res.json();
  console.log((body.data || []).join('\n'));
}

async function ready() {
  try {
    const res = await fetch(`${LOKI}/ready`);
    return res.ok;
  } catch {
    return false;
  }
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--query') return query(args[1] ?? '{job="beacon-dev"}');
  if (args[0] === '--labels') return labels();
  if (args[0] === '--reset-positions') {
    fs.rmSync(STATE_FILE, { force: true });
    console.log('positions cleared; the next run re-sends the current files');
    return;
  }
  if (!(await ready())) {
    console.error(`Loki is not ready at ${LOKI}; start it with: docker compose -f dev/observability.yml up -d loki`);
    process.exit(1);
  }
  const positions = loadPositions();
  if (args.includes('--backfill')) {
    console.log(`pushed ${await cycle(positions)} line(s)`);
    return;
  }
  let stop = false;
  process.on('SIGINT', () => {
    stop = true;
  });
  console.log(`shipping ${path.relative(REPO, LOG_DIR)}/*.log to ${LOKI} (Ctrl-C to stop)`);
  while (!stop) {
    try {
      const n = await cycle(positions);
      if (n) process.stdout.write(`\rpushed ${n} line(s) at ${new Date().toLocaleTimeString()}   `);
    } catch (err) {
      console.error(`\n${err.message}`);
    }
    await delay(PUSH_EVERY_MS);
  }
  savePositions(positions);
  console.log('\nstopped');
}

main();

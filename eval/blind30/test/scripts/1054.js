#!/usr/bin/env node
/*
 * osrm-bench.js - latency/throughput benchmark of a local osrm-routed
 *
 *   node bench/osrm-bench.js --profile car --pairs 2000 --concurrency 16
 *   node bench/osrm-bench.js --start build/osrm/car/region.osrm    # start the server itself
 *
 * Picks random origin/destination pairs inside the service-area bbox (config/bbox.json),
 * fires /route and /table requests at http://127.0.0.1:<port>, and writes latency
 * percentiles to bench/results/<date>-<profile>.json. With --start it spawns
 * `osrm-routed --ip 127.0.0.1` for the given dataset and kills that child at the end.
 */
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const { performance } = require('perf_hooks');

const ROOT = path.resolve(__dirname, '..');
const BBOX = JSON.parse(fs.readFileSync(path.join(ROOT, 'config', 'bbox.json'), 'utf8'));

function options() {
  const a = process.argv.slice(2);
  const o = { profile: 'car', pairs: 1000, concurrency: 8, port: 5055, start: null, table: 25, seed: 42 };
  for (let i = 0; i < a.length; i += 1) {
    const next = () => a[(i += 1)];
    switch (a[i]) {
      case '--profile': o.profile = next(); break;
      case '--pairs': o.pairs = Number(next()); break;
      case '--concurrency': o.concurrency = Number(next()); break;
      case '--port': o.port = Number(next()); break;
      case '--start': o.start = next(); break;
      case '--table': o.table = Number(next()); break;
      case '--seed': o.seed = Number(next()); break;
      default: throw new Error(`unknown option ${a[i]}`);
    }
  }
  return o;
}

// small deterministic PRNG so runs are comparable
function mulberry32(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomPoint(rand) {
  const lon = BBOX.west + rand() * (BBOX.east - BBOX.west);
  const lat = BBOX.south + rand() * (BBOX.north - BBOX.south);
  return [lon.toFixed(5), lat.toFixed(5)];
}

function startServer(dataset, port) {
  if (!fs.existsSync(`${dataset}.partition`) && !fs.existsSync(`${dataset}.hsgr`)) {
    throw new Error(`${dataset} is not a prepared OSRM dataset`);
  }
  const algorithm = fs.existsSync(`${dataset}.partition`) ? 'mld' : 'ch';
  const child = spawn('osrm-routed', ['--ip', '127.0.0.1', '--port', String(port), '--algorithm', algorithm, '--max-table-size', '1000', dataset], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.on('data', (d) => process.env.BENCH_DEBUG && process.stderr.write(d));
  return child;
}

async function waitReady(port, ms = 60000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/nearest/v1/driving/${(BBOX.west + BBOX.east) / 2},${(BBOX.south + BBOX.north) / 2}`);
      if (res.ok) return;
    } catch { /* not up */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('osrm-routed did not become ready');
}

function percentile(sorted, p) {
  if (!sorted.length) return null;
  const idx = Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length));
  return Number(sorted[idx].toFixed(2));
}

async function runPool(tasks, concurrency) {
  const latencies = [];
  let errors = 0;
  let next = 0;
  async function worker() {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      const t0 = performance.now();
      try {
        const res = await fetch(task);
        const body = await res.json();
        if (!res.ok || body.code !== 'Ok') errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: tasks.length,
    errors,
    seconds: Number(seconds.toFixed(2)),
    rps: Number((tasks.length / seconds).toFixed(1)),
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: Number((latencies[latencies.length - 1] || 0).toFixed(2)),
  };
}

function routeTasks(o, rand) {
  const base = `http://127.0.0.1:${o.port}/route/v1/driving`;
  return Array.from({ length: o.pairs }, () => {
    const [a, b] = [randomPoint(rand), randomPoint(rand)];
    return `${base}/${a.join(',')};${b.join(',')}?overview=false&steps=false`;
  });
}

function tableTasks(o, rand) {
  const base = `http://127.0.0.1:${o.port}/table/v1/driving`;
  const count = Math.max(1, Math.floor(o.pairs / 20));
  return Array.from({ length: count }, () => {
    const coords = Array.from({ length: o.table }, () => randomPoint(rand).join(',')).join(';');
    return `${base}/${coords}?annotations=duration`;
  });
}

function writeResult(o, result) {
  const dir = path.join(ROOT, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().slice(0, 10)}-${o.profile}.json`);
  fs.writeFileSync(file, JSON.stringify({ options: { ...o, start: Boolean(o.start) }, ...result }, null, 2));
  return file;
}

function compareWithPrevious(o, result) {
  const dir = path.join(ROOT, 'bench', 'results');
  if (!fs.existsSync(dir)) return;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(`-${o.profile}.json`)).sort();
  const prevFile = files.filter((f) => !f.startsWith(new Date().toISOString().slice(0, 10))).pop();
  if (!prevFile) return;
  const prev = JSON.parse(fs.readFileSync(path.join(dir, prevFile), 'utf8'));
  const delta = ((result.route.p90 - prev.route.p90) / prev.route.p90) * 100;
  console.log(`route p90 vs ${prevFile}: ${delta >= 0 ? '+' : ''}${delta.toFixed(1)}%`);
  if (delta > 20) process.exitCode = 3;
}

async function main() {
  const o = options();
  const rand = mulberry32(o.seed);
  let child = null;
  if (o.start) {
    child = startServer(path.resolve(o.start), o.port);
    process.on('SIGINT', () => { child.kill('SIGTERM'); process.exit(130); });
  }
  try {
    await waitReady(o.port);
    const route = await runPool(routeTasks(o, rand), o.concurrency);
    console.log(`route: ${route.requests} req, ${route.rps} req/s, p50 ${route.p50} ms, p90 ${route.p90} ms, p99 ${route.p99} ms, errors ${route.errors}`);
    const table = await runPool(tableTasks(o, rand), Math.max(1, Math.floor(o.concurrency / 2)));
    console.log(`table ${o.table}x${o.table}: ${table.requests} req, p50 ${table.p50} ms, p90 ${table.p90} ms, errors ${table.errors}`);
    const file = writeResult(o, { route, table });
    console.log(`saved ${path.relative(ROOT, file)}`);
    compareWithPrevious(o, { route, table });
  } finally {
    if (child && child.exitCode === null) child.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(`osrm-bench: ${err.message}`);
  process.exit(1);
});

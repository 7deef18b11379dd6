#!/usr/bin/env node
// bench/parse-bench.js - micro/macro benchmark for the CSV statement parser.
//
// Spreads work over worker_threads, each parsing the fixture files with the
// project's own parser (required from ../src), measures throughput and
// per-file latency, and compares with the previous run cached in
// ~/.cache/ledger-parse-bench/. Nothing leaves the machine.
//
//   node bench/parse-bench.js                 # all fixtures, os.cpus().length workers
//   node bench/parse-bench.js --workers 2 --rounds 5 fixtures/big.csv
'use strict';

const { Worker, isMainThread, parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');

const ROOT = path.resolve(__dirname, '..');
const FIXTURES = path.join(ROOT, 'bench', 'fixtures');
const CACHE_DIR = path.join(os.homedir(), '.cache', 'ledger-parse-bench');
const RESULTS = path.join(ROOT, 'bench', 'results');

if (!isMainThread) {
  // worker: parse each assigned file `rounds` times and report timings
  const { parseStatement } = require(path.join(ROOT, 'src', 'parser'));
  const { files, rounds } = workerData;
  const timings = [];
  let rows = 0;
  let bytes = 0;
  for (let r = 0; r < rounds; r++) {
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const t0 = performance.now();
      const parsed = parseStatement(text);
      timings.push(performance.now() - t0);
      rows += parsed.rows.length;
      bytes += Buffer.byteLength(text);
    }
  }
  parentPort.postMessage({ timings, rows, bytes });
  return;
}

function parseArgs(argv) {
  const opts = { workers: Math.max(1, os.cpus().length - 1), rounds: 3, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--workers') opts.workers = Number(argv[++i]);
    else if (a === '--rounds') opts.rounds = Number(argv[++i]);
    else opts.files.push(path.resolve(a));
  }
  if (!Number.isInteger(opts.workers) || opts.workers < 1 || opts.workers > 64) throw new Error('--workers 1..64');
  if (!Number.isInteger(opts.rounds) || opts.rounds < 1) throw new Error('--rounds must be >= 1');
  if (!opts.files.length) {
    opts.files = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.csv')).map((f) => path.join(FIXTURES, f));
  }
  for (const f of opts.files) {
    if (!f.startsWith(ROOT + path.sep)) throw new Error(`fixtures must be inside the repo: ${f}`);
    if (!fs.existsSync(f)) throw new Error(`missing fixture ${f}`);
  }
  return opts;
}

function chunk(list, n) {
  const out = Array.from({ length: n }, () => []);
  list.forEach((item, i) => out[i % n].push(item));
  return out.filter((c) => c.length);
}

function runWorker(files, rounds) {
  return new Promise((resolve, reject) => {
    const w = new Worker(__filename, { workerData: { files, rounds } });
    w.once('message', resolve);
    w.once('error', reject);
    w.once('exit', (code) => {
      if (code !== 0) reject(new Error(`worker exited with ${code}`));
    });
  });
}

function pct(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0;
}

function loadPrevious() {
  try {
    return JSON.parse(fs.readFileSync(path.join(CACHE_DIR, 'last.json'), 'utf8'));
  } catch {
    return null;
  }
}

function describeMachine() {
  const cpus = os.cpus();
  return {
    model: cpus[0] ? cpus[0].model.trim() : 'unknown',
    cores: cpus.length,
    memoryGb: +(os.totalmem() / 1e9).toFixed(1),
    platform: `${os.platform()}-${os.arch()}`,
  };
}

function sameMachine(prev) {
  const now = describeMachine();
  return prev && prev.machine && prev.machine.model === now.model && prev.machine.cores === now.cores;
}

function savePrevious(result) {
  fs.mkdirSync(CACHE_DIR, { recursive: true, mode: 0o755 });
  fs.writeFileSync(path.join(CACHE_DIR, 'last.json'), JSON.stringify(result));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const groups = chunk(opts.files, opts.workers);
  const started = performance.now();
  const parts = await Promise.all(groups.map((g) => runWorker(g, opts.rounds)));
  const wall = (performance.now() - started) / 1000;

  const timings = parts.flatMap((p) => p.timings).sort((a, b) => a - b);
  const rows = parts.reduce((n, p) => n + p.rows, 0);
  const bytes = parts.reduce((n, p) => n + p.bytes, 0);
  const result = {
    at: new Date().toISOString(),
    node: process.version,
    workers: groups.length,
    rounds: opts.rounds,
    files: opts.files.length,
    rowsPerSec: Math.round(rows / wall),
    mbPerSec: +(bytes / 1e6 / wall).toFixed(2),
    p50ms: +pct(timings, 0.5).toFixed(3),
    p95ms: +pct(timings, 0.95).toFixed(3),
    maxms: +(timings.at(-1) || 0).toFixed(3),
  };
  console.table(result);

  result.machine = describeMachine();
  const prev = loadPrevious();
  if (prev && !sameMachine(prev)) console.log('previous run was on different hardware; skipping comparison');
  else if (prev) {
    const d = (a, b) => `${(((b - a) / a) * 100).toFixed(1)}%`;
    console.log(`rows/s ${prev.rowsPerSec} -> ${result.rowsPerSec} (${d(prev.rowsPerSec, result.rowsPerSec)})`);
    console.log(`p95    ${prev.p95ms} -> ${result.p95ms} ms (${d(prev.p95ms, result.p95ms)})`);
  }
  savePrevious(result);
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(path.join(RESULTS, `parse-${Date.now()}.json`), JSON.stringify(result, null, 2));
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

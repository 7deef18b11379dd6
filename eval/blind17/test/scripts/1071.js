#!/usr/bin/env node
// scripts/bench.js — micro-benchmarks for the markdown renderer. Each benchmark
// case lives in bench/cases.json; the optional "setup" snippet of a case is
// stored hex-encoded so JSON stays diff-friendly when it contains quotes.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { performance } = require('node:perf_hooks');

const ROOT = path.resolve(__dirname, '..');
const CASES = path.join(ROOT, 'bench', 'cases.json');
const { render } = require(path.join(ROOT, 'dist', 'index.js'));

function loadCases() {
  const data = JSON.parse(fs.readFileSync(CASES, 'utf8'));
  return data.cases.map((c) => ({
    name: c.name,
    input: fs.readFileSync(path.join(ROOT, 'bench', c.input), 'utf8'),
    iterations: c.iterations || 200,
    setup: c.setup ? Buffer.from(c.setup, 'hex').toString('utf8') : null,
  }));
}

function runSetup(code) {
  if (!code) return;
  // setup snippets prepare global state (e.g. warm caches) in this process
  vm.runInThisContext(code, { filename: 'bench-setup.js' });
}

function bench(c) {
  runSetup(c.setup);
  for (let i = 0; i < 20; i++) render(c.input);
  const times = [];
  for (let i = 0; i < c.iterations; i++) {
    const t0 = performance.now();
    render(c.input);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    case: c.name,
    median: times[Math.floor(times.length / 2)].toFixed(3),
    p95: times[Math.floor(times.length * 0.95)].toFixed(3),
    kb: (Buffer.byteLength(c.input) / 1024).toFixed(1),
  };
}

function compareWithBaseline(rows) {
  const file = path.join(ROOT, 'bench', 'baseline.json');
  if (!fs.existsSync(file)) return;
  const base = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const r of rows) {
    const b = base[r.case];
    if (!b) continue;
    const delta = ((r.median - b.median) / b.median) * 100;
    r.vsBaseline = `${delta >= 0 ? '+' : ''}${delta.toFixed(1)}%`;
  }
}

function main() {
  const rows = loadCases().map(bench);
  compareWithBaseline(rows);
  console.table(rows);
  if (process.argv.includes('--save')) {
    const out = Object.fromEntries(rows.map((r) => [r.case, { median: Number(r.median) }]));
    fs.writeFileSync(path.join(ROOT, 'bench', 'baseline.json'), JSON.stringify(out, null, 2));
  }
}

main();

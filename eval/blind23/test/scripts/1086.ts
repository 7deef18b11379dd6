#!/usr/bin/env -S npx tsx
// ipc-bench.ts - measure lumen's IPC serialization and the main-process message
// router with a latency histogram, and compare against bench/ipc-baseline.json.
//
//   npx tsx tools/ipc-bench.ts                  # run, compare, exit 1 on regression
//   npx tsx tools/ipc-bench.ts --save           # store the results as the new baseline
//   npx tsx tools/ipc-bench.ts --filter encode  # subset of cases
//
// The router benchmark starts the router in a worker thread (same process), so
// no external processes or ports are involved.  Results are written to
// out/bench/ipc-<timestamp>.json; only the last 25 result files are kept.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHistogram, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

type Case = { name: string; iterations: number; fn: () => void | Promise<void> };
type Result = { name: string; iterations: number; p50: number; p99: number; mean: number; opsPerSec: number };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASELINE = path.join(ROOT, 'bench', 'ipc-baseline.json');
const OUT = path.join(ROOT, 'out', 'bench');
const THRESHOLD = Number(process.env.IPC_BENCH_THRESHOLD ?? 0.1);

async function loadCodec(): Promise<{ encode: (m: unknown) => Uint8Array; decode: (b: Uint8Array) => unknown }> {
  return (await import(path.join(ROOT, 'dist', 'ipc', 'codec.js'))) as never;
}

function sampleMessages(): unknown[] {
  const small = { ch: 'doc:save', id: 1, payload: { path: '/tmp/x.lumen', dirty: true } };
  const medium = { ch: 'layers:update', id: 2, payload: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `layer-${i}`, visible: i % 3 !== 0 })) };
  const large = { ch: 'thumb:data', id: 3, payload: { bytes: new Uint8Array(256 * 1024).fill(7) } };
  return [small, medium, large];
}

async function routerWorker(): Promise<{ send: (m: unknown) => Promise<void>; close: () => Promise<number> }> {
  const worker = new Worker(path.join(ROOT, 'dist', 'ipc', 'router-worker.js'));
  let pending: (() => void) | null = null;
  worker.on('message', () => {
    pending?.();
    pending = null;
  });
  await new Promise<void>((resolve) => worker.once('online', () => resolve()));
  return {
    send: (m) =>
      new Promise<void>((resolve) => {
        pending = resolve;
        worker.postMessage(m);
      }),
    close: () => worker.terminate(),
  };
}

async function measure(c: Case): Promise<Result> {
  for (let i = 0; i < Math.min(200, c.iterations / 10); i++) await c.fn();
  const h = createHistogram();
  const start = performance.now();
  for (let i = 0; i < c.iterations; i++) {
    const t0 = process.hrtime.bigint();
    await c.fn();
    h.record(Number(process.hrtime.bigint() - t0) || 1);
  }
  const total = performance.now() - start;
  return {
    name: c.name,
    iterations: c.iterations,
    p50: h.percentile(50) / 1e3,
    p99: h.percentile(99) / 1e3,
    mean: h.mean / 1e3,
    opsPerSec: Math.round((c.iterations / total) * 1000),
  };
}

function compare(results: Result[]): string[] {
  if (!fs.existsSync(BASELINE)) return [];
  const base = JSON.parse(fs.readFileSync(BASELINE, 'utf8')) as { results: Result[] };
  const regressions: string[] = [];
  console.log('\n| case | base p50 µs | now p50 µs | Δ |');
  console.log('|---|---:|---:|---:|');
  for (const r of results) {
    const b = base.results.find((x) => x.name === r.name);
    if (!b) continue;
    const delta = (r.p50 - b.p50) / b.p50;
    console.log(`| ${r.name} | ${b.p50.toFixed(2)} | ${r.p50.toFixed(2)} | ${(delta * 100).toFixed(1)}% |`);
    if (delta > THRESHOLD) regressions.push(`${r.name} +${(delta * 100).toFixed(1)}%`);
  }
  return regressions;
}

// Coefficient of variation of the last few stored runs per case; a noisy case
// should not gate a PR on its own.
function noisyCases(): string[] {
  if (!fs.existsSync(OUT)) return [];
  const files = fs.readdirSync(OUT).filter((f) => /^ipc-\d+\.json$/.test(f)).sort().slice(-5);
  const byCase = new Map<string, number[]>();
  for (const f of files) {
    const data = JSON.parse(fs.readFileSync(path.join(OUT, f), 'utf8')) as { results: Result[] };
    for (const r of data.results) byCase.set(r.name, [...(byCase.get(r.name) ?? []), r.p50]);
  }
  const noisy: string[] = [];
  for (const [name, xs] of byCase) {
    if (xs.length < 3) continue;
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
    if (sd / mean > 0.08) noisy.push(`${name} (cv ${((sd / mean) * 100).toFixed(0)}%)`);
  }
  return noisy;
}

function persist(results: Result[]): string {
  fs.mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, `ipc-${Date.now()}.json`);
  const meta = { node: process.version, cpu: os.cpus()[0]?.model, cores: os.cpus().length };
  fs.writeFileSync(file, JSON.stringify({ meta, results }, null, 2));
  const all = fs.readdirSync(OUT).filter((f) => /^ipc-\d+\.json$/.test(f)).sort();
  for (const old of all.slice(0, Math.max(0, all.length - 25))) fs.rmSync(path.join(OUT, old));
  return file;
}

// Benchmarks are meaningless on a busy machine or with a debug build; say so.
function sanityWarnings(): string[] {
  const warnings: string[] = [];
  const load = os.loadavg()[0];
  if (load > os.cpus().length * 0.5) warnings.push(`load average ${load.toFixed(2)} is high`);
  const codecFile = path.join(ROOT, 'dist', 'ipc', 'codec.js');
  if (fs.existsSync(codecFile) && fs.readFileSync(codecFile, 'utf8').includes('sourceMappingURL=data:')) {
    warnings.push('dist/ contains inline source maps (dev build?); run the production build first');
  }
  if (process.execArgv.some((a) => a.startsWith('--inspect'))) warnings.push('inspector attached');
  return warnings;
}

function markdownTable(results: Result[]): string {
  const rows = results.map((r) => `| ${r.name} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.opsPerSec} |`);
  return ['| case | p50 µs | p99 µs | ops/s |', '|---|---:|---:|---:|', ...rows].join('\n');
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  for (const w of sanityWarnings()) console.warn(`warning: ${w}`);
  const filterIdx = argv.indexOf('--filter');
  const filter = filterIdx >= 0 ? argv[filterIdx + 1] : null;
  const codec = await loadCodec();
  const [small, medium, large] = sampleMessages();
  const encodedLarge = codec.encode(large);
  const router = await routerWorker();

  const cases: Case[] = [
    { name: 'encode-small', iterations: 50_000, fn: () => void codec.encode(small) },
    { name: 'encode-medium', iterations: 5_000, fn: () => void codec.encode(medium) },
    { name: 'decode-large', iterations: 500, fn: () => void codec.decode(encodedLarge) },
    { name: 'router-roundtrip', iterations: 5_000, fn: () => router.send(small) },
  ].filter((c) => !filter || c.name.includes(filter));

  const results: Result[] = [];
  try {
    for (const c of cases) {
      const r = await measure(c);
      results.push(r);
      console.log(`${r.name.padEnd(18)} p50 ${r.p50.toFixed(2)}µs  p99 ${r.p99.toFixed(2)}µs  ${r.opsPerSec} ops/s`);
    }
  } finally {
    await router.close();
  }
  console.log(`results: ${path.relative(ROOT, persist(results))}`);
  fs.writeFileSync(path.join(OUT, 'latest.md'), markdownTable(results) + '\n');
  if (argv.includes('--save')) {
    fs.writeFileSync(BASELINE, JSON.stringify({ saved: new Date().toISOString(), results }, null, 2) + '\n');
    console.log(`baseline updated (${path.relative(ROOT, BASELINE)}); commit it`);
    return 0;
  }
  const noisy = noisyCases();
  if (noisy.length) console.warn(`noisy across recent runs: ${noisy.join(', ')}`);
  const regressions = compare(results);
  for (const r of regressions) console.error(`REGRESSION ${r}`);
  return regressions.length ? 1 : 0;
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (err: unknown) => {
    console.error(`ipc-bench: ${(err as Error).message}`);
    process.exitCode = 2;
  },
);

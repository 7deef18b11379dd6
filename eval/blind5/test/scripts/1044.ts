#!/usr/bin/env -S npx tsx
// HTTP load benchmark for the local API: hits a handful of endpoints with a
// fixed concurrency and reports latency percentiles. Localhost only.
import { performance } from 'node:perf_hooks';
import { writeFileSync, mkdirSync } from 'node:fs';

const BASE = process.env.BENCH_BASE ?? 'http://127.0.0.1:8080';
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
const REQUESTS = Number(process.env.REQUESTS ?? 2000);

const routes = ['/healthz', '/api/products?limit=20', '/api/products/42', '/api/search?q=chair'];

if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(BASE)) {
  console.error('refusing to benchmark a non-local target');
  process.exit(1);
}

interface Sample { route: string; ms: number; status: number }

async function worker(id: number, queue: number[], out: Sample[]): Promise<void> {
  while (queue.length) {
    const n = queue.pop()!;
    const route = routes[(n + id) % routes.length];
    const t0 = performance.now();
    let status = 0;
    try {
      const res = await fetch(BASE + route);
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = -1;
    }
    out.push({ route, ms: performance.now() - t0, status });
  }
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

async function main(): Promise<void> {
  const queue = Array.from({ length: REQUESTS }, (_, i) => i);
  const samples: Sample[] = [];
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => worker(i, queue, samples)));
  const secs = (performance.now() - t0) / 1000;
  const report: Record<string, unknown> = { base: BASE, concurrency: CONCURRENCY, rps: +(samples.length / secs).toFixed(1) };
  for (const r of routes) {
    const ms = samples.filter((s) => s.route === r).map((s) => s.ms);
    const errors = samples.filter((s) => s.route === r && (s.status < 200 || s.status >= 400)).length;
    report[r] = { p50: +pct(ms, 50).toFixed(2), p95: +pct(ms, 95).toFixed(2), p99: +pct(ms, 99).toFixed(2), errors };
    console.log(`${r.padEnd(26)} p50 ${pct(ms, 50).toFixed(1)}ms  p95 ${pct(ms, 95).toFixed(1)}ms  p99 ${pct(ms, 99).toFixed(1)}ms  errors ${errors}`);
  }
  console.log(`${report.rps} req/s`);
  mkdirSync('bench', { recursive: true });
  writeFileSync(`bench/http-${Date.now()}.json`, JSON.stringify(report, null, 2));
}

main();

#!/usr/bin/env -S npx tsx
// Micro-benchmark: compare JSON.parse, a streaming parser, and structuredClone
// on the fixture payloads. Results are appended to bench/results.jsonl.
import { readFileSync, readdirSync, appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import os from 'node:os';

const FIXTURES = join('bench', 'fixtures');
const OUT = join('bench', 'results.jsonl');
const ITERATIONS = Number(process.env.ITERATIONS ?? 200);

type Case = { name: string; fn: (text: string) => unknown };

const cases: Case[] = [
  { name: 'JSON.parse', fn: (t) => JSON.parse(t) },
  { name: 'parse+clone', fn: (t) => structuredClone(JSON.parse(t)) },
  {
    name: 'reviver',
    fn: (t) => JSON.parse(t, (k, v) => (typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) ? new Date(v) : v)),
  },
];

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { mean, p50: pick(0.5), p95: pick(0.95), min: s[0] };
}

function bench(c: Case, text: string) {
  for (let i = 0; i < 20; i++) c.fn(text); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    c.fn(text);
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

function main(): void {
  mkdirSync('bench', { recursive: true });
  const meta = { node: process.version, cpu: os.cpus()[0]?.model, at: new Date().toISOString() };
  for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith('.json'))) {
    const text = readFileSync(join(FIXTURES, file), 'utf8');
    for (const c of cases) {
      const r = bench(c, text);
      console.log(`${file.padEnd(24)} ${c.name.padEnd(12)} mean ${r.mean.toFixed(3)}ms p95 ${r.p95.toFixed(3)}ms`);
      appendFileSync(OUT, JSON.stringify({ ...meta, file, case: c.name, ...r }) + '\n');
    }
  }
}

main();

#!/usr/bin/env -S npx tsx
// Benchmark the CLI build output against fixtures and compare with the baseline.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

const BIN = 'dist/cli.js';
const FIXTURES = 'bench/fixtures';
const BASELINE = 'bench/baseline.json';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

type Result = Record<string, number>;

function time(fixture: string, outDir: string): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [BIN, fixture, '--out', join(outDir, 'out.json')], { stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`cli failed on ${fixture}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function main(): void {
  if (!existsSync(BIN)) {
    console.error(`${BIN} missing; run pnpm build first`);
    process.exit(1);
  }
  const work = mkdtempSync(join(tmpdir(), 'bench-'));
  const results: Result = {};
  try {
    for (const f of readdirSync(FIXTURES).sort()) {
      const samples = Array.from({ length: RUNS }, () => time(join(FIXTURES, f), work));
      results[f] = Math.round(median(samples) * 10) / 10;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const base: Result = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, 'utf8')) : {};
  let regressions = 0;
  for (const [f, ms] of Object.entries(results)) {
    const b = base[f];
    const delta = b ? ((ms - b) / b) * 100 : 0;
    if (delta > 10) regressions++;
    console.log(`${f.padEnd(30)} ${ms.toFixed(1).padStart(8)} ms ${b ? `${delta >= 0 ? '+' : ''}${delta.toFixed(1)}%` : '(new)'}`);
  }
  if (process.argv.includes('--update')) {
    mkdirSync('bench', { recursive: true });
    writeFileSync(BASELINE, JSON.stringify(results, null, 2) + '\n');
    console.log('baseline updated');
  }
  process.exitCode = regressions ? 1 : 0;
}

main();

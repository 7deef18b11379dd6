// bench/run.ts - run the parser benchmark N times and record timings.
// Usage: npx tsx bench/run.ts --runs 5 --fixture bench/fixtures/large.json
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

interface Result {
  run: number;
  ms: number;
  exitCode: number | null;
}

function parseArgs(argv: string[]): { runs: number; fixture: string } {
  let runs = 5;
  let fixture = 'bench/fixtures/large.json';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') runs = Number(argv[++i]);
    else if (argv[i] === '--fixture') fixture = argv[++i];
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  return { runs, fixture };
}

function percentile(sorted: number[], p: number): number {
  const idx = Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length));
  return sorted[idx];
}

function main(): void {
  const { runs, fixture } = parseArgs(process.argv.slice(2));
  const root = path.resolve(__dirname, '..');
  const cli = path.join(root, 'dist', 'cli.js');
  if (!existsSync(cli)) {
    console.error('dist/cli.js missing; run `npm run build` first');
    process.exit(1);
  }
  const results: Result[] = [];
  for (let run = 1; run <= runs; run++) {
    const t0 = performance.now();
    const proc = spawnSync(process.execPath, [cli, 'parse', '--quiet', fixture], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const ms = performance.now() - t0;
    results.push({ run, ms, exitCode: proc.status });
    console.log(`run ${run}: ${ms.toFixed(1)} ms (exit ${proc.status})`);
  }
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const summary = {
    fixture,
    runs,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    min: times[0],
    max: times[times.length - 1],
    node: process.version,
    when: new Date().toISOString(),
  };
  const outDir = path.join(root, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, `parse-${Date.now()}.json`);
  writeFileSync(out, JSON.stringify({ summary, results }, null, 2));
  console.log(`p50 ${summary.p50.toFixed(1)} ms, p95 ${summary.p95.toFixed(1)} ms -> ${path.relative(root, out)}`);
  if (results.some((r) => r.exitCode !== 0)) process.exit(1);
}

main();

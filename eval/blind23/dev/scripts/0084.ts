#!/usr/bin/env -S npx tsx
// coverage-gate.ts - run vitest with v8 coverage and enforce per-directory and
// diff-coverage thresholds.
//
//   npx tsx tools/coverage-gate.ts                      # full run + gate
//   npx tsx tools/coverage-gate.ts --base origin/main   # diff coverage vs merge base
//   npx tsx tools/coverage-gate.ts --skip-run           # re-use build/coverage
//
// Thresholds come from coverage.config.json in the repo root:
//   { "global": 80, "dirs": { "src/core": 90, "src/ui": 60 }, "diff": 85 }
// Reports: build/coverage/{index.html,lcov.info,coverage-final.json,gate.md}
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

interface Thresholds {
  global: number;
  dirs: Record<string, number>;
  diff: number;
}

interface FileCoverage {
  path: string;
  statementMap: Record<string, { start: { line: number }; end: { line: number } }>;
  s: Record<string, number>;
}

type Summary = { covered: number; total: number };

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const OUT = path.join(ROOT, 'build', 'coverage');
const VITEST = path.join(ROOT, 'node_modules', '.bin', 'vitest');

function readThresholds(): Thresholds {
  const file = path.join(ROOT, 'coverage.config.json');
  const defaults: Thresholds = { global: 75, dirs: {}, diff: 80 };
  if (!fs.existsSync(file)) return defaults;
  return { ...defaults, ...(JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Thresholds>) };
}

function parseArgs(argv: string[]): { base: string | null; skipRun: boolean } {
  let base: string | null = null;
  let skipRun = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--base') base = argv[++i];
    else if (argv[i] === '--skip-run') skipRun = true;
    else throw new Error(`coverage-gate: unrecognised argument ${argv[i]}`);
  }
  return { base, skipRun };
}

function runVitest(): number {
  if (!fs.existsSync(VITEST)) throw new Error('vitest not installed; npm ci');
  fs.rmSync(OUT, { recursive: true, force: true });
  const res = spawnSync(
    VITEST,
    [
      'run',
      '--coverage.enabled',
      '--coverage.provider=v8',
      `--coverage.reportsDirectory=${OUT}`,
      '--coverage.reporter=html',
      '--coverage.reporter=lcov',
      '--coverage.reporter=json',
      '--coverage.reporter=text-summary',
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? '1' } },
  );
  return res.status ?? 1;
}

function loadCoverage(): Map<string, FileCoverage> {
  const file = path.join(OUT, 'coverage-final.json');
  if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} missing; run without --skip-run`);
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, FileCoverage>;
  const map = new Map<string, FileCoverage>();
  for (const [abs, cov] of Object.entries(raw)) map.set(path.relative(ROOT, abs), cov);
  return map;
}

function summarise(files: Iterable<FileCoverage>): Summary {
  let covered = 0;
  let total = 0;
  for (const f of files) {
    for (const id of Object.keys(f.statementMap)) {
      total++;
      if ((f.s[id] ?? 0) > 0) covered++;
    }
  }
  return { covered, total };
}

const pct = (s: Summary): number => (s.total ? (s.covered / s.total) * 100 : 100);

function changedLines(base: string): Map<string, Set<number>> {
  const mergeBase = execFileSync('git', ['merge-base', 'HEAD', base], { cwd: ROOT, encoding: 'utf8' }).trim();
  const diff = execFileSync('git', ['diff', '-U0', '--no-color', mergeBase, '--', 'src'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const result = new Map<string, Set<number>>();
  let current: string | null = null;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      current = line.startsWith('+++ b/') ? line.slice(6) : null;
      if (current && !result.has(current)) result.set(current, new Set());
    } else if (line.startsWith('@@') && current) {
      const m = /\+(\d+)(?:,(\d+))?/.exec(line);
      if (!m) continue;
      const start = Number(m[1]);
      const count = m[2] === undefined ? 1 : Number(m[2]);
      for (let i = 0; i < count; i++) result.get(current)?.add(start + i);
    }
  }
  return result;
}

function diffCoverage(cov: Map<string, FileCoverage>, changed: Map<string, Set<number>>) {
  let covered = 0;
  let total = 0;
  const uncovered: string[] = [];
  for (const [file, lines] of changed) {
    const fc = cov.get(file);
    if (!fc) continue;
    for (const [id, loc] of Object.entries(fc.statementMap)) {
      if (!lines.has(loc.start.line)) continue;
      total++;
      if ((fc.s[id] ?? 0) > 0) covered++;
      else uncovered.push(`${file}:${loc.start.line}`);
    }
  }
  return { summary: { covered, total }, uncovered };
}

function main(): number {
  const { base, skipRun } = parseArgs(process.argv.slice(2));
  const thresholds = readThresholds();
  let testsFailed = false;
  if (!skipRun) testsFailed = runVitest() !== 0;

  const cov = loadCoverage();
  const lines: string[] = ['## Coverage gate', ''];
  const failures: string[] = [];

  const global = pct(summarise(cov.values()));
  lines.push(`- global: ${global.toFixed(1)}% (min ${thresholds.global}%)`);
  if (global < thresholds.global) failures.push('global');

  for (const [dir, min] of Object.entries(thresholds.dirs)) {
    const files = [...cov].filter(([rel]) => rel.startsWith(dir + '/')).map(([, f]) => f);
    const p = pct(summarise(files));
    lines.push(`- ${dir}: ${p.toFixed(1)}% (min ${min}%)`);
    if (p < min) failures.push(dir);
  }

  if (base) {
    const { summary, uncovered } = diffCoverage(cov, changedLines(base));
    const p = pct(summary);
    lines.push(`- diff vs ${base}: ${p.toFixed(1)}% of ${summary.total} changed statements (min ${thresholds.diff}%)`);
    if (summary.total && p < thresholds.diff) failures.push('diff');
    if (uncovered.length) {
      lines.push('', '<details><summary>uncovered changed lines</summary>', '');
      lines.push(...uncovered.slice(0, 100).map((u) => `- ${u}`), '', '</details>');
    }
  }

  const report = lines.join('\n') + '\n';
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'gate.md'), report);
  console.log(report);
  if (testsFailed) console.error('tests failed');
  if (failures.length) console.error(`coverage gate failed: ${failures.join(', ')}`);
  return testsFailed || failures.length ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`coverage-gate: ${(err as Error).message}`);
  process.exitCode = 2;
}

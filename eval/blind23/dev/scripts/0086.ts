#!/usr/bin/env -S npx tsx
// bench-compare.ts - run tinybench suites against the current build and compare
// them with results saved for another git ref.
//
//   npx tsx tools/bench-compare.ts run                 # run, save under build/bench/<sha>.json
//   npx tsx tools/bench-compare.ts compare main        # compare HEAD results with main's
//   npx tsx tools/bench-compare.ts compare main --comment 42   # and post on PR #42
//
// Results for a ref are produced by checking it out into a temporary git
// worktree under build/bench/worktrees/, building it there and running the same
// suites; the worktree is removed afterwards.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Bench } from 'tinybench';

interface CaseResult {
  name: string;
  hz: number;
  meanMs: number;
  p99Ms: number;
  samples: number;
}

interface RunFile {
  sha: string;
  ref: string;
  date: string;
  machine: string;
  results: CaseResult[];
}

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const OUT = path.join(ROOT, 'build', 'bench');
const WORKTREES = path.join(OUT, 'worktrees');

function git(args: string[], cwd = ROOT): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

function machineId(): string {
  return `${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length} / ${process.version}`;
}

async function runSuites(dir: string): Promise<CaseResult[]> {
  const { parse } = (await import(path.join(dir, 'dist', 'parse.js'))) as { parse: (s: string) => unknown };
  const { format } = (await import(path.join(dir, 'dist', 'format.js'))) as { format: (v: unknown) => string };
  const small = fs.readFileSync(path.join(ROOT, 'bench', 'fixtures', 'small.json'), 'utf8');
  const large = fs.readFileSync(path.join(ROOT, 'bench', 'fixtures', 'large.json'), 'utf8');
  const parsedLarge = parse(large);

  const bench = new Bench({ time: 1500, warmupTime: 300 });
  bench
    .add('parse small', () => {
      parse(small);
    })
    .add('parse large', () => {
      parse(large);
    })
    .add('format large', () => {
      format(parsedLarge);
    });
  await bench.warmup();
  await bench.run();
  return bench.tasks.map((t) => ({
    name: t.name,
    hz: t.result?.hz ?? 0,
    meanMs: t.result?.mean ?? 0,
    p99Ms: t.result?.p99 ?? 0,
    samples: t.result?.samples.length ?? 0,
  }));
}

function save(run: RunFile): string {
  fs.mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, `${run.sha}.json`);
  fs.writeFileSync(file, JSON.stringify(run, null, 2));
  return file;
}

function buildAt(dir: string): void {
  const steps: Array<[string, string[]]> = [
    ['npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts']],
    ['npm', ['run', 'build', '--silent']],
  ];
  for (const [cmd, args] of steps) {
    const res = spawnSync(cmd, args, { cwd: dir, stdio: 'inherit' });
    if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${dir}`);
  }
}

async function resultsForRef(ref: string): Promise<RunFile> {
  const sha = git(['rev-parse', ref]);
  const cached = path.join(OUT, `${sha}.json`);
  if (fs.existsSync(cached)) {
    const data = JSON.parse(fs.readFileSync(cached, 'utf8')) as RunFile;
    if (data.machine === machineId()) return data;
    console.log(`cached results for ${ref} are from another machine; re-running`);
  }
  const dir = path.join(WORKTREES, sha.slice(0, 12));
  fs.mkdirSync(WORKTREES, { recursive: true });
  if (fs.existsSync(dir)) git(['worktree', 'remove', '--force', dir]);
  git(['worktree', 'add', '--detach', dir, sha]);
  try {
    buildAt(dir);
    const results = await runSuites(dir);
    const run: RunFile = { sha, ref, date: new Date().toISOString(), machine: machineId(), results };
    save(run);
    return run;
  } finally {
    git(['worktree', 'remove', '--force', dir]);
    git(['worktree', 'prune']);
  }
}

function compareTable(base: RunFile, head: RunFile): { text: string; worst: number } {
  const rows = ['| case | base ops/s | head ops/s | change |', '|---|---:|---:|---:|'];
  let worst = 0;
  for (const h of head.results) {
    const b = base.results.find((r) => r.name === h.name);
    if (!b) {
      rows.push(`| ${h.name} | - | ${h.hz.toFixed(0)} | new |`);
      continue;
    }
    const change = ((h.hz - b.hz) / b.hz) * 100;
    worst = Math.min(worst, change);
    rows.push(`| ${h.name} | ${b.hz.toFixed(0)} | ${h.hz.toFixed(0)} | ${change >= 0 ? '+' : ''}${change.toFixed(1)}% |`);
  }
  return { text: rows.join('\n'), worst };
}

async function comment(pr: number, body: string): Promise<void> {
  const token = process.env.GITHUB_TOKEN;
  const repo = process.env.GITHUB_REPOSITORY;
  if (!token || !repo) {
    console.error('GITHUB_TOKEN and GITHUB_REPOSITORY are needed to comment');
    return;
  }
  const res = await fetch(`https://api.github.com/repos/${repo}/issues/${pr}/comments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/vnd.github+json' },
    body: JSON.stringify({ body }),
  });
  console.log(`PR comment: HTTP ${res.status}`);
}

async function main(): Promise<number> {
  const [cmd, ref, ...rest] = process.argv.slice(2);
  if (cmd === 'run') {
    const results = await runSuites(ROOT);
    const sha = git(['rev-parse', 'HEAD']);
    const file = save({ sha, ref: 'HEAD', date: new Date().toISOString(), machine: machineId(), results });
    for (const r of results) console.log(`${r.name.padEnd(14)} ${r.hz.toFixed(0).padStart(10)} ops/s`);
    console.log(`saved ${path.relative(ROOT, file)}`);
    return 0;
  }
  if (cmd === 'compare' && ref) {
    const base = await resultsForRef(ref);
    const headResults = await runSuites(ROOT);
    const head: RunFile = { sha: git(['rev-parse', 'HEAD']), ref: 'HEAD', date: new Date().toISOString(), machine: machineId(), results: headResults };
    const { text, worst } = compareTable(base, head);
    console.log(text);
    const idx = rest.indexOf('--comment');
    if (idx >= 0) await comment(Number(rest[idx + 1]), `### Benchmarks vs \`${ref}\`\n\n${text}\n\n_${head.machine}_`);
    return worst < -10 ? 1 : 0;
  }
  console.error('usage: bench-compare.ts run | compare <ref> [--comment PR]');
  return 2;
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);

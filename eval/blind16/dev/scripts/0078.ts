#!/usr/bin/env -S npx tsx
// Turborepo helper: show which workspace tasks a change would run, estimate
// their cost from previous runs, and optionally execute them.
//
//   tsx tools/turbo-affected.ts [--base origin/main] [--task test] [--run] [--json]
//
// Uses `turbo run <task> --filter=...[<base>] --dry=json` to get the task graph
// without executing anything, joins it with durations recorded in
// .turbo/durations.json (written by this script after --run), and prints a
// table sorted by expected time. With --run it executes the same turbo command
// for real and records the new durations. No remote cache settings are changed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const DURATIONS = path.join(ROOT, '.turbo', 'durations.json');

interface Options {
  base: string;
  task: string;
  run: boolean;
  json: boolean;
}

interface DryTask {
  taskId: string;
  task: string;
  package: string;
  hash: string;
  cache: { status: 'HIT' | 'MISS'; timeSaved?: number };
  command: string;
  dependencies: string[];
}

interface Row {
  taskId: string;
  pkg: string;
  cache: string;
  expectedMs: number;
  deps: number;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { base: 'origin/main', task: 'test', run: false, json: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--base') o.base = argv[++i];
    else if (a === '--task') o.task = argv[++i];
    else if (a === '--run') o.run = true;
    else if (a === '--json') o.json = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!/^[\w:-]+$/.test(o.task)) throw new Error(`invalid task name ${o.task}`);
  return o;
}

function turboBin(): string {
  const local = path.join(ROOT, 'node_modules', '.bin', 'turbo');
  if (!existsSync(local)) throw new Error('turbo is not installed; run pnpm install');
  return local;
}

function mergeBase(base: string): string {
  return execFileSync('git', ['merge-base', base, 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
}

function dryRun(opts: Options, sha: string): DryTask[] {
  const out = execFileSync(turboBin(), ['run', opts.task, `--filter=...[${sha}]`, '--dry=json'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const parsed = JSON.parse(out) as { tasks: DryTask[] };
  return parsed.tasks.filter((t) => t.command !== '<NONEXISTENT>');
}

function loadDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS, 'utf8'));
  } catch {
    return {};
  }
}

function saveDurations(d: Record<string, number>): void {
  mkdirSync(path.dirname(DURATIONS), { recursive: true });
  writeFileSync(DURATIONS, JSON.stringify(d, null, 2) + '\n');
}

function toRows(tasks: DryTask[], durations: Record<string, number>): Row[] {
  return tasks
    .map((t) => ({
      taskId: t.taskId,
      pkg: t.package,
      cache: t.cache.status,
      expectedMs: t.cache.status === 'HIT' ? 0 : durations[t.taskId] ?? 30_000,
      deps: t.dependencies.length,
    }))
    .sort((a, b) => b.expectedMs - a.expectedMs);
}

function fmtMs(ms: number): string {
  if (ms === 0) return 'cached';
  return ms >= 60_000 ? `${(ms / 60_000).toFixed(1)}m` : `${(ms / 1000).toFixed(0)}s`;
}

function printTable(rows: Row[], opts: Options, sha: string): void {
  console.log(`task "${opts.task}" affected since ${opts.base} (${sha.slice(0, 8)}): ${rows.length} tasks`);
  const width = Math.max(10, ...rows.map((r) => r.taskId.length));
  for (const r of rows) {
    console.log(`  ${r.taskId.padEnd(width)}  ${r.cache.padEnd(4)}  ${fmtMs(r.expectedMs).padStart(7)}  deps ${r.deps}`);
  }
  const total = rows.reduce((s, r) => s + r.expectedMs, 0);
  console.log(`  expected serial time: ${fmtMs(total)} (turbo runs in parallel, so wall time is lower)`);
}

function execute(opts: Options, sha: string, rows: Row[], durations: Record<string, number>): number {
  const summaryDir = path.join(ROOT, '.turbo', 'runs');
  const res = spawnSync(turboBin(), ['run', opts.task, `--filter=...[${sha}]`, '--summarize'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (existsSync(summaryDir)) {
    const latest = execFileSync('ls', ['-1t', summaryDir], { encoding: 'utf8' }).split('\n')[0];
    if (latest) {
      const summary = JSON.parse(readFileSync(path.join(summaryDir, latest), 'utf8')) as {
        tasks: { taskId: string; execution?: { startTime: number; endTime: number }; cache: { status: string } }[];
      };
      for (const t of summary.tasks) {
        if (t.execution && t.cache.status !== 'HIT') durations[t.taskId] = t.execution.endTime - t.execution.startTime;
      }
      saveDurations(durations);
      console.log(`recorded durations for ${summary.tasks.length} tasks (${rows.length} planned)`);
    }
  }
  return res.status ?? 1;
}

function main(): void {
  const opts = parseArgs(process.argv.slice(2));
  const sha = mergeBase(opts.base);
  const durations = loadDurations();
  const rows = toRows(dryRun(opts, sha), durations);
  if (opts.json) {
    console.log(JSON.stringify({ base: opts.base, mergeBase: sha, task: opts.task, rows }, null, 2));
  } else {
    printTable(rows, opts, sha);
  }
  if (opts.run && rows.length) process.exitCode = execute(opts, sha, rows, durations);
}

try {
  main();
} catch (err) {
  console.error(`turbo-affected: ${(err as Error).message}`);
  process.exit(1);
}

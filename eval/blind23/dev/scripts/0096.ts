#!/usr/bin/env -S npx tsx
// profile-worker.ts - profile the background worker with V8's --prof and
// `perf stat`, both attached only to the worker process this script starts.
//
//   npx tsx tools/profile-worker.ts --jobs 2000        # enqueue 2000 synthetic jobs
//   npx tsx tools/profile-worker.ts --perf-stat         # also hardware counters
//
// Steps:
//   1. start a throwaway Redis-compatible queue? No - the worker supports an
//      in-memory queue with WORKER_QUEUE=memory, so nothing external is needed;
//   2. spawn `node --prof dist/worker.js` with that queue, feed jobs over its
//      stdin control channel, wait for "drained";
//   3. SIGTERM the worker (our child) and run `node --prof-process` on the
//      isolate log; keep everything under build/profiles/worker-<stamp>/;
//   4. delete the raw isolate-*.log files afterwards unless --keep-raw.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

interface Options {
  jobs: number;
  perfStat: boolean;
  keepRaw: boolean;
  timeoutMs: number;
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const WORKER = path.join(ROOT, 'dist', 'worker.js');

function parse(argv: string[]): Options {
  const o: Options = { jobs: 1000, perfStat: false, keepRaw: false, timeoutMs: 120_000 };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--jobs':
        o.jobs = Number(argv[++i]);
        break;
      case '--perf-stat':
        o.perfStat = true;
        break;
      case '--keep-raw':
        o.keepRaw = true;
        break;
      case '--timeout':
        o.timeoutMs = Number(argv[++i]) * 1000;
        break;
      default:
        throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (!Number.isInteger(o.jobs) || o.jobs <= 0) throw new Error('--jobs must be a positive integer');
  return o;
}

function hasPerf(): boolean {
  try {
    const paranoid = Number(fs.readFileSync('/proc/sys/kernel/perf_event_paranoid', 'utf8'));
    if (paranoid > 2) return false;
  } catch {
    return false;
  }
  return spawnSync('perf', ['--version']).status === 0;
}

function startWorker(outDir: string, perfStat: boolean): ChildProcess {
  const nodeArgs = ['--prof', '--logfile=%p-isolate.log', '--no-logfile-per-isolate', WORKER];
  const env = { ...process.env, WORKER_QUEUE: 'memory', WORKER_CONTROL: 'stdin', NODE_ENV: 'production' };
  if (perfStat) {
    return spawn(
      'perf',
      ['stat', '-e', 'task-clock,context-switches,cpu-migrations,page-faults,cycles,instructions',
        '-o', path.join(outDir, 'perf-stat.txt'), '--', process.execPath, ...nodeArgs],
      { cwd: outDir, env, stdio: ['pipe', 'pipe', 'inherit'] },
    );
  }
  return spawn(process.execPath, nodeArgs, { cwd: outDir, env, stdio: ['pipe', 'pipe', 'inherit'] });
}

function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!child.stdout) return reject(new Error('worker has no stdout'));
    const rl = readline.createInterface({ input: child.stdout });
    const timer = setTimeout(() => {
      rl.close();
      reject(new Error(`timed out waiting for ${pattern}`));
    }, timeoutMs);
    rl.on('line', (line) => {
      if (pattern.test(line)) {
        clearTimeout(timer);
        rl.close();
        resolve(line);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited early with ${code}`));
    });
  });
}

function enqueue(child: ChildProcess, jobs: number): void {
  for (let i = 0; i < jobs; i++) {
    const job = { id: `synthetic-${i}`, kind: i % 3 === 0 ? 'thumbnail' : 'index', payload: { size: 512 + (i % 64) * 32 } };
    child.stdin?.write(`ENQUEUE ${JSON.stringify(job)}\n`);
  }
  child.stdin?.write('DRAIN\n');
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function processProfile(outDir: string): string | null {
  const log = fs.readdirSync(outDir).find((f) => f.endsWith('-isolate.log'));
  if (!log) return null;
  const res = spawnSync(process.execPath, ['--prof-process', '--preprocess', log], {
    cwd: outDir,
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  fs.writeFileSync(path.join(outDir, 'profile.json'), res.stdout ?? '');
  const text = spawnSync(process.execPath, ['--prof-process', log], { cwd: outDir, encoding: 'utf8', maxBuffer: 256 << 20 });
  const summary = path.join(outDir, 'profile.txt');
  fs.writeFileSync(summary, text.stdout ?? '');
  return summary;
}

function topTicks(summaryFile: string, n = 15): string[] {
  const lines = fs.readFileSync(summaryFile, 'utf8').split('\n');
  const start = lines.findIndex((l) => l.includes('[JavaScript]:'));
  if (start < 0) return [];
  return lines.slice(start + 2, start + 2 + n).filter((l) => l.trim());
}

async function main(): Promise<number> {
  const opts = parse(process.argv.slice(2));
  if (!fs.existsSync(WORKER)) throw new Error('dist/worker.js missing; npm run build first');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = path.join(ROOT, 'build', 'profiles', `worker-${stamp}`);
  fs.mkdirSync(outDir, { recursive: true });
  const perfStat = opts.perfStat && hasPerf();
  if (opts.perfStat && !perfStat) console.error('perf not usable here; continuing without counters');

  const child = startWorker(outDir, perfStat);
  const onSignal = async (): Promise<void> => {
    await stop(child);
    process.exit(130);
  };
  process.once('SIGINT', onSignal);

  try {
    await waitForLine(child, /^READY/, 20_000);
    const t0 = Date.now();
    enqueue(child, opts.jobs);
    await waitForLine(child, /^DRAINED/, opts.timeoutMs);
    const secs = (Date.now() - t0) / 1000;
    console.log(`${opts.jobs} jobs in ${secs.toFixed(2)}s (${(opts.jobs / secs).toFixed(0)} jobs/s)`);
  } finally {
    await stop(child);
  }

  const summary = processProfile(outDir);
  if (summary) {
    console.log('top JavaScript ticks:');
    for (const l of topTicks(summary)) console.log(`  ${l}`);
  }
  if (perfStat && fs.existsSync(path.join(outDir, 'perf-stat.txt'))) {
    console.log(fs.readFileSync(path.join(outDir, 'perf-stat.txt'), 'utf8'));
  }
  if (!opts.keepRaw) {
    for (const f of fs.readdirSync(outDir)) {
      if (f.endsWith('-isolate.log')) fs.rmSync(path.join(outDir, f));
    }
  }
  console.log(`results: ${path.relative(ROOT, outDir)}`);
  return 0;
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (err: unknown) => {
    console.error(`profile-worker: ${(err as Error).message}`);
    process.exitCode = 1;
  },
);

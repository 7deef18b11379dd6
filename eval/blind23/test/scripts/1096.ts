#!/usr/bin/env -S npx tsx
// startup-profile.ts - profile lumen's main-process startup.
//
// Launches the built app (out/app or `electron .` in dev) as a child with
//   --cpu-prof --cpu-prof-dir=<run>   V8 CPU profile of the main process
//   --trace-event-categories ...      Chromium trace of startup milestones
// and optionally wraps it in `perf stat` (Linux, --perf).  The app is started
// with LUMEN_EXIT_AFTER_READY=1, so it quits by itself once the first window
// reports ready; if it does not within --timeout seconds the child (and only
// the child's process group) is terminated.
//
// Output: out/startup/<stamp>/{*.cpuprofile, trace.json, perf-stat.txt, summary.json}
//
//   npx tsx tools/startup-profile.ts
//   npx tsx tools/startup-profile.ts --runs 5 --perf

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface Run {
  index: number;
  wallMs: number;
  readyMs: number | null;
  exitCode: number | null;
  profile: string | null;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGED = path.join(ROOT, 'out', 'app', 'lumen');

function cli(argv: string[]): { runs: number; perf: boolean; timeout: number } {
  const o = { runs: 3, perf: false, timeout: 60 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') o.runs = Number(argv[++i]);
    else if (argv[i] === '--perf') o.perf = true;
    else if (argv[i] === '--timeout') o.timeout = Number(argv[++i]);
    else throw new Error(`startup-profile: unknown option ${argv[i]}`);
  }
  if (!Number.isInteger(o.runs) || o.runs < 1 || o.runs > 50) throw new Error('--runs must be 1..50');
  return o;
}

function launcher(): { cmd: string; args: string[] } {
  if (fs.existsSync(PACKAGED)) return { cmd: PACKAGED, args: [] };
  const electron = path.join(ROOT, 'node_modules', '.bin', 'electron');
  if (!fs.existsSync(electron)) throw new Error('neither out/app/lumen nor node_modules/.bin/electron exists');
  return { cmd: electron, args: ['.'] };
}

function perfAvailable(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const lvl = Number(fs.readFileSync('/proc/sys/kernel/perf_event_paranoid', 'utf8'));
    if (lvl > 2) {
      console.error(`perf_event_paranoid=${lvl}; perf stat disabled (not changing it)`);
      return false;
    }
  } catch {
    return false;
  }
  return spawnSync('perf', ['version'], { stdio: 'ignore' }).status === 0;
}

function once(dir: string, index: number, usePerf: boolean, timeoutS: number): Promise<Run> {
  return new Promise((resolve) => {
    const { cmd, args } = launcher();
    const appArgs = [
      ...args,
      `--cpu-prof`,
      `--cpu-prof-dir=${dir}`,
      `--cpu-prof-name=main-${index}.cpuprofile`,
      `--trace-startup=v8,blink,electron`,
      `--trace-startup-file=${path.join(dir, `trace-${index}.json`)}`,
      `--trace-startup-duration=10`,
    ];
    const argv = usePerf ? ['perf', ['stat', '-o', path.join(dir, `perf-stat-${index}.txt`), '--', cmd, ...appArgs]] : [cmd, appArgs];
    const started = Date.now();
    let readyMs: number | null = null;
    const child = spawn(argv[0] as string, argv[1] as string[], {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, LUMEN_EXIT_AFTER_READY: '1', ELECTRON_ENABLE_LOGGING: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const onOut = (d: Buffer) => {
      const m = /window-ready after (\d+)ms/.exec(d.toString());
      if (m) readyMs = Number(m[1]);
    };
    child.stdout.on('data', onOut);
    child.stderr.on('data', onOut);
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    }, timeoutS * 1000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const profile = path.join(dir, `main-${index}.cpuprofile`);
      resolve({ index, wallMs: Date.now() - started, readyMs, exitCode: code, profile: fs.existsSync(profile) ? profile : null });
    });
  });
}

function topSelfTime(profileFile: string, n = 8): string[] {
  const p = JSON.parse(fs.readFileSync(profileFile, 'utf8')) as {
    nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
    samples: number[];
  };
  const byId = new Map(p.nodes.map((x) => [x.id, x]));
  const counts = new Map<string, number>();
  for (const id of p.samples) {
    const node = byId.get(id);
    if (!node) continue;
    const cf = node.callFrame;
    const key = `${cf.functionName || '(anonymous)'} ${cf.url.replace(/^file:\/\/\/?/, '/').replace(ROOT + '/', '')}:${cf.lineNumber + 1}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const total = p.samples.length || 1;
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, c]) => `${((c / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}

function pruneOld(keep = 10): void {
  const base = path.join(ROOT, 'out', 'startup');
  if (!fs.existsSync(base)) return;
  const runs = fs.readdirSync(base).sort();
  for (const old of runs.slice(0, Math.max(0, runs.length - keep))) {
    fs.rmSync(path.join(base, old), { recursive: true, force: true });
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};

async function main(): Promise<number> {
  const o = cli(process.argv.slice(2));
  pruneOld();
  const dir = path.join(ROOT, 'out', 'startup', new Date().toISOString().replace(/[:.]/g, '-'));
  fs.mkdirSync(dir, { recursive: true });
  const usePerf = o.perf && perfAvailable();
  const runs: Run[] = [];
  for (let i = 0; i < o.runs; i++) {
    const r = await once(dir, i, usePerf, o.timeout);
    console.log(`run ${i}: exit=${r.exitCode} wall=${r.wallMs}ms ready=${r.readyMs ?? '?'}ms`);
    runs.push(r);
  }
  const summary = {
    runs: runs.length,
    medianWallMs: median(runs.map((r) => r.wallMs)),
    medianReadyMs: median(runs.filter((r) => r.readyMs !== null).map((r) => r.readyMs as number)),
    perf: usePerf,
  };
  fs.writeFileSync(path.join(dir, 'summary.json'), JSON.stringify({ summary, runs }, null, 2));
  console.log(`median ready ${summary.medianReadyMs}ms, median wall ${summary.medianWallMs}ms`);
  const last = runs.filter((r) => r.profile).at(-1);
  if (last?.profile) {
    console.log('hottest main-process functions (last run):');
    for (const l of topSelfTime(last.profile)) console.log(`  ${l}`);
  }
  console.log(`artefacts: ${path.relative(ROOT, dir)} (open traces in the Chrome tracing viewer or Perfetto UI)`);
  return runs.some((r) => r.exitCode !== 0) ? 1 : 0;
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (err: unknown) => {
    console.error(`startup-profile: ${(err as Error).message}`);
    process.exitCode = 2;
  },
);

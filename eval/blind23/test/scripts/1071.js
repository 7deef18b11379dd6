#!/usr/bin/env node
// hotpath.js - find hot code paths in the orbit worker with V8's --prof and,
// on Linux, perf with --perf-basic-prof symbol maps.
//
//   node tools/hotpath.js --jobs 5000
//   node tools/hotpath.js --jobs 5000 --perf       # also perf record -g on the child
//
// The worker (dist/worker.js) is started by this script with an in-memory queue
// and a synthetic workload; profilers target only that child PID.  V8 writes
// isolate-*.log into the run directory; we post-process it with
// `node --prof-process` and delete the raw log afterwards (unless --keep).
// The /tmp/perf-<pid>.map file that --perf-basic-prof creates for the child is
// removed when the run ends, since it belongs to the child we started.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKER = path.resolve(ROOT, 'dist/worker.js');

function cli(argv) {
  const o = { jobs: 2000, perf: false, keep: false, freq: 999 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--jobs') o.jobs = Number(argv[++i]);
    else if (argv[i] === '--perf') o.perf = true;
    else if (argv[i] === '--keep') o.keep = true;
    else if (argv[i] === '--freq') o.freq = Number(argv[++i]);
    else throw new Error(`hotpath: bad argument ${argv[i]}`);
  }
  return o;
}

function perfUsable() {
  if (process.platform !== 'linux') return false;
  try {
    const lvl = Number(fs.readFileSync('/proc/sys/kernel/perf_event_paranoid', 'utf8'));
    if (lvl > 2) {
      console.error(`perf_event_paranoid=${lvl}: perf disabled for users (not changing it)`);
      return false;
    }
  } catch {
    return false;
  }
  return spawnSync('perf', ['version']).status === 0;
}

function startWorker(dir, o) {
  const nodeArgs = ['--prof', '--no-logfile-per-isolate', '--logfile=v8.log'];
  if (o.perf) nodeArgs.push('--perf-basic-prof-only-functions', '--interpreted-frames-native-stack');
  return spawn(process.execPath, [...nodeArgs, WORKER], {
    cwd: dir,
    env: { ...process.env, QUEUE: 'memory', CONTROL: 'stdin', NODE_ENV: 'production' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

function waitFor(child, marker, ms) {
  return new Promise((resolve, reject) => {
    let buf = '';
    const t = setTimeout(() => reject(new Error(`timeout waiting for ${marker}`)), ms);
    const onData = (d) => {
      buf += d;
      if (buf.includes(marker)) {
        clearTimeout(t);
        child.stdout.off('data', onData);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (c) => reject(new Error(`worker exited (${c}) before ${marker}`)));
  });
}

function feed(child, n) {
  for (let i = 0; i < n; i++) {
    const job = { id: i, type: ['resize', 'index', 'notify'][i % 3], bytes: 1024 + (i % 97) * 64 };
    child.stdin.write(`JOB ${JSON.stringify(job)}\n`);
  }
  child.stdin.write('FLUSH\n');
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 8000).unref();
  });
}

function postProcess(dir) {
  const log = path.join(dir, 'v8.log');
  if (!fs.existsSync(log)) return null;
  const res = spawnSync(process.execPath, ['--prof-process', log], { cwd: dir, encoding: 'utf8', maxBuffer: 128 << 20 });
  const out = path.join(dir, 'prof.txt');
  fs.writeFileSync(out, res.stdout ?? '');
  return out;
}

function summary(file, n = 12) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const i = lines.findIndex((l) => l.startsWith(' [Bottom up (heavy) profile]'));
  return i < 0 ? [] : lines.slice(i + 5, i + 5 + n).filter(Boolean);
}

// Turn perf.data into a folded-stack file if inferno is available; otherwise
// leave the raw data for `perf report`.
function foldPerf(dir) {
  const data = path.join(dir, 'perf.data');
  if (!fs.existsSync(data)) return null;
  const script = spawnSync('perf', ['script', '-i', data], { encoding: 'utf8', maxBuffer: 512 << 20 });
  if (script.status !== 0) return null;
  const collapse = spawnSync('inferno-collapse-perf', [], { input: script.stdout, encoding: 'utf8', maxBuffer: 512 << 20 });
  if (collapse.status !== 0) return null;
  const folded = path.join(dir, 'stacks.folded');
  fs.writeFileSync(folded, collapse.stdout);
  const svg = spawnSync('inferno-flamegraph', [], { input: collapse.stdout, encoding: 'utf8', maxBuffer: 512 << 20 });
  if (svg.status === 0) fs.writeFileSync(path.join(dir, 'flame.svg'), svg.stdout);
  return folded;
}

function pruneRuns(keep = 8) {
  const base = path.join(ROOT, 'out', 'hotpath');
  if (!fs.existsSync(base)) return;
  const runs = fs.readdirSync(base).sort();
  for (const old of runs.slice(0, Math.max(0, runs.length - keep))) {
    fs.rmSync(path.join(base, old), { recursive: true, force: true });
  }
}

async function main() {
  const o = cli(process.argv.slice(2));
  pruneRuns();
  if (!fs.existsSync(WORKER)) throw new Error('dist/worker.js missing; npm run build');
  const dir = path.join(ROOT, 'out', 'hotpath', new Date().toISOString().replace(/[:.]/g, '-'));
  fs.mkdirSync(dir, { recursive: true });
  o.perf = o.perf && perfUsable();

  const worker = startWorker(dir, o);
  process.once('SIGINT', async () => {
    await stop(worker);
    process.exit(130);
  });
  let perf = null;
  try {
    await waitFor(worker, 'READY', 20000);
    if (o.perf) {
      perf = spawn('perf', ['record', '-F', String(o.freq), '-g', '-p', String(worker.pid), '-o', path.join(dir, 'perf.data')], { stdio: 'ignore' });
    }
    const t0 = process.hrtime.bigint();
    feed(worker, o.jobs);
    await waitFor(worker, 'FLUSHED', 300000);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    console.log(`${o.jobs} jobs in ${ms.toFixed(0)} ms (${((o.jobs / ms) * 1000).toFixed(0)}/s)`);
  } finally {
    if (perf) {
      perf.kill('SIGINT');
      await new Promise((r) => perf.once('exit', r));
    }
    await stop(worker);
    fs.rmSync(`/tmp/perf-${worker.pid}.map`, { force: true });
  }

  const prof = postProcess(dir);
  if (prof) {
    console.log('heaviest bottom-up entries:');
    for (const l of summary(prof)) console.log(`  ${l}`);
  }
  if (o.perf) {
    const folded = foldPerf(dir);
    console.log(folded ? `perf stacks: ${path.relative(ROOT, folded)}` : 'perf data kept as perf.data');
  }
  if (!o.keep) fs.rmSync(path.join(dir, 'v8.log'), { force: true });
  console.log(`output: ${path.relative(ROOT, dir)}`);
  return 0;
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (err) => {
    console.error(`hotpath: ${err.message}`);
    process.exitCode = 1;
  },
);

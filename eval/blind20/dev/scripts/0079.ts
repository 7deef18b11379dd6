#!/usr/bin/env -S npx tsx
// load/vegeta.ts - constant-rate load test with vegeta against a local build.
//
//   npx tsx load/vegeta.ts --rate 200 --duration 30s
//   npx tsx load/vegeta.ts --target http://127.0.0.1:8080 --rate 50
//
// Without --target it builds the Go server (go build -o build/server ./cmd/server),
// starts it on a free loopback port with a temporary data dir, runs
// `vegeta attack | vegeta report`, stops the server and removes the temp dir.
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

interface Options {
  rate: number;
  duration: string;
  target?: string;
  workers: number;
  maxP99Ms: number;
}

interface VegetaReport {
  requests: number;
  rate: number;
  success: number;
  latencies: { mean: number; '50th': number; '95th': number; '99th': number; max: number };
  status_codes: Record<string, number>;
  errors: string[] | null;
}

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'build', 'vegeta');
const TARGETS_FILE = path.join(__dirname, 'targets.txt');

function parseOptions(argv: string[]): Options {
  const opts: Options = { rate: 50, duration: '20s', workers: 10, maxP99Ms: 250 };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = argv[i + 1];
    switch (flag) {
      case '--rate': opts.rate = Number(value); i += 1; break;
      case '--duration': opts.duration = value; i += 1; break;
      case '--target': opts.target = value; i += 1; break;
      case '--workers': opts.workers = Number(value); i += 1; break;
      case '--max-p99': opts.maxP99Ms = Number(value); i += 1; break;
      default: throw new Error(`unknown flag ${flag}`);
    }
  }
  if (!Number.isFinite(opts.rate) || opts.rate <= 0 || opts.rate > 5000) {
    throw new Error('--rate must be between 1 and 5000 for local runs');
  }
  if (!/^\d+(ms|s|m)$/.test(opts.duration)) throw new Error('--duration like 30s or 2m');
  return opts;
}

function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
    throw new Error(`load tests only run against this machine, not ${host}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function buildServer(): string {
  const bin = path.join(ROOT, 'build', 'server');
  const res = spawnSync('go', ['build', '-o', bin, './cmd/server'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('go build failed');
  return bin;
}

async function waitHealthy(url: string, proc: ChildProcess): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    if (proc.exitCode !== null) throw new Error('server exited during startup');
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, Math.min(100 * 2 ** i, 1000)));
  }
  throw new Error('server not healthy after startup');
}

function stopServer(proc: ChildProcess | undefined): Promise<void> {
  if (!proc || proc.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}

function renderTargets(base: string): string {
  const template = readFileSync(TARGETS_FILE, 'utf8');
  const file = path.join(OUT, 'targets.rendered.txt');
  writeFileSync(file, template.replace(/\{\{BASE\}\}/g, base));
  return file;
}

function attack(targets: string, opts: Options, resultsBin: string): void {
  const res = spawnSync('vegeta', [
    'attack',
    `-targets=${targets}`,
    `-rate=${opts.rate}`,
    `-duration=${opts.duration}`,
    `-workers=${opts.workers}`,
    `-output=${resultsBin}`,
  ], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (res.status !== 0) throw new Error('vegeta attack failed');
}

function report(resultsBin: string): VegetaReport {
  const res = spawnSync('vegeta', ['report', '-type=json', resultsBin], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error('vegeta report failed');
  const text = spawnSync('vegeta', ['report', resultsBin], { encoding: 'utf8' }).stdout;
  process.stdout.write(text);
  return JSON.parse(res.stdout) as VegetaReport;
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  mkdirSync(OUT, { recursive: true });
  let server: ChildProcess | undefined;
  let dataDir: string | undefined;
  let base = opts.target;

  const cleanup = async () => {
    await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    void cleanup().then(() => process.exit(130));
  });

  try {
    if (base) {
      assertLoopback(base);
    } else {
      const bin = buildServer();
      const port = await freePort();
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'vegeta-data-'));
      base = `http://127.0.0.1:${port}`;
      server = spawn(bin, ['--listen', `127.0.0.1:${port}`, '--data-dir', dataDir], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await waitHealthy(base, server);
    }
    const targets = renderTargets(base);
    const resultsBin = path.join(OUT, `results-${Date.now()}.bin`);
    attack(targets, opts, resultsBin);
    const summary = report(resultsBin);
    const p99 = summary.latencies['99th'] / 1e6;
    writeFileSync(path.join(OUT, 'last.json'), JSON.stringify(summary, null, 2));
    if (summary.success < 0.99) {
      console.error(`success ratio ${(summary.success * 100).toFixed(2)}% below 99%`);
      process.exitCode = 2;
    }
    if (p99 > opts.maxP99Ms) {
      console.error(`p99 ${p99.toFixed(1)}ms above ${opts.maxP99Ms}ms`);
      process.exitCode = 2;
    }
  } finally {
    await cleanup();
  }
  if (!existsSync(path.join(OUT, 'last.json'))) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});

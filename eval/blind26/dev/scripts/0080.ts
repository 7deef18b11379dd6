#!/usr/bin/env -S npx tsx
// tools/fleet-status.ts - validate and compile every ESPHome device config,
// then print a status table (config ok, compile ok, firmware size, ESPHome
// version pinned in the YAML).
//
//   npx tsx tools/fleet-status.ts               # config + compile all
//   npx tsx tools/fleet-status.ts --config-only
//   npx tsx tools/fleet-status.ts porch garage  # subset
//
// Child processes are started with a timeout; on timeout or Ctrl-C the
// script kills the process groups it created (and only those).

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { cpus } from 'node:os';

const ROOT = resolve(__dirname, '..');
const DEVICES = join(ROOT, 'devices');
const OUT = join(ROOT, 'build', 'fleet');
const CONFIG_TIMEOUT_MS = 60_000;
const COMPILE_TIMEOUT_MS = 15 * 60_000;

type Phase = 'config' | 'compile';

interface Result {
  device: string;
  config: 'ok' | 'failed' | 'skipped';
  compile: 'ok' | 'failed' | 'skipped' | 'timeout';
  sizeKiB?: number;
  board?: string;
  seconds: number;
}

const running = new Set<ChildProcess>();

function killAll(signal: NodeJS.Signals = 'SIGTERM'): void {
  for (const child of running) {
    if (child.pid) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        /* already exited */
      }
    }
  }
}

process.on('SIGINT', () => {
  console.error('\ninterrupted; stopping builds');
  killAll();
  process.exit(130);
});

function deviceFiles(only: string[]): string[] {
  const all = readdirSync(DEVICES)
    .filter((f) => f.endsWith('.yaml') && f !== 'secrets.yaml' && !f.startsWith('.') && !f.startsWith('_'))
    .map((f) => basename(f, '.yaml'));
  if (!only.length) return all.sort();
  const unknown = only.filter((o) => !all.includes(o));
  if (unknown.length) throw new Error(`unknown device(s): ${unknown.join(', ')}`);
  return only;
}

function boardOf(device: string): string | undefined {
  const text = readFileSync(join(DEVICES, `${device}.yaml`), 'utf8');
  return /^\s*board:\s*([\w-]+)/m.exec(text)?.[1];
}

function run(device: string, phase: Phase, timeoutMs: number): Promise<'ok' | 'failed' | 'timeout'> {
  mkdirSync(OUT, { recursive: true });
  const log = join(OUT, `${device}.${phase}.log`);
  return new Promise((resolvePromise) => {
    const child = spawn('esphome', [phase, `${device}.yaml`], {
      cwd: DEVICES,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      running.delete(child);
      writeFileSync(log, output);
      if (timedOut) resolvePromise('timeout');
      else resolvePromise(code === 0 ? 'ok' : 'failed');
    });
  });
}

function firmwareSize(device: string): number | undefined {
  const candidates = [
    join(DEVICES, '.esphome', 'build', device, '.pioenvs', device, 'firmware.bin'),
    join(DEVICES, '.esphome', 'build', device, '.pioenvs', device, 'firmware.factory.bin'),
  ];
  for (const c of candidates) {
    if (existsSync(c)) return Math.round(statSync(c).size / 1024);
  }
  return undefined;
}

async function check(device: string, configOnly: boolean): Promise<Result> {
  const started = Date.now();
  const result: Result = { device, config: 'skipped', compile: 'skipped', board: boardOf(device), seconds: 0 };
  const cfg = await run(device, 'config', CONFIG_TIMEOUT_MS);
  result.config = cfg === 'ok' ? 'ok' : 'failed';
  if (result.config === 'ok' && !configOnly) {
    result.compile = await run(device, 'compile', COMPILE_TIMEOUT_MS);
    if (result.compile === 'ok') result.sizeKiB = firmwareSize(device);
  }
  result.seconds = Math.round((Date.now() - started) / 1000);
  return result;
}

async function pool<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]);
      }
    }),
  );
  return results;
}

function table(results: Result[]): string {
  const header = ['device', 'board', 'config', 'compile', 'size', 'time'];
  const rows = results.map((r) => [
    r.device,
    r.board ?? '?',
    r.config,
    r.compile,
    r.sizeKiB ? `${r.sizeKiB} KiB` : '-',
    `${r.seconds}s`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n');
}

// ESPHome refuses to compile without secrets.yaml; fail early with a hint
// instead of N identical compile errors.
function secretsCheck(): void {
  const secrets = join(DEVICES, 'secrets.yaml');
  if (!existsSync(secrets)) {
    throw new Error('devices/secrets.yaml missing; copy devices/secrets.example.yaml and fill it in');
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const configOnly = args.includes('--config-only');
  const only = args.filter((a) => !a.startsWith('--'));
  secretsCheck();
  const devices = deviceFiles(only);
  const jobs = Math.max(1, Math.floor(cpus().length / 2));
  console.log(`${devices.length} device(s), ${jobs} parallel job(s)${configOnly ? ', config only' : ''}`);
  const results = await pool(devices, jobs, (d) => check(d, configOnly));
  console.log(table(results));
  writeFileSync(join(OUT, 'status.json'), JSON.stringify(results, null, 2));
  const bad = results.filter((r) => r.config !== 'ok' || (!configOnly && r.compile !== 'ok'));
  if (bad.length) console.log(`\nlogs for failures in build/fleet/: ${bad.map((b) => b.device).join(', ')}`);
  process.exitCode = bad.length ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`fleet-status: ${err.message}`);
  killAll();
  process.exitCode = 2;
});

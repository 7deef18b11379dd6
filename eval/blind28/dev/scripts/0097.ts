#!/usr/bin/env -S npx tsx
// Thresholds (verdicts()): min 13.2 V on 4S packs, 60 A peak, no GPS fix loss.
// Exit code 1 when any log has ERR messages or GPS glitches, for CI gating.
//
// flight-report.ts - summarise ArduPilot DataFlash logs (.bin) from SITL regression runs.
//
//   npx tsx tools/flight-report.ts logs/00000042.BIN                 one log
//   npx tsx tools/flight-report.ts build/sitl/*/logs/*.BIN --md      markdown table for the PR
//   npx tsx tools/flight-report.ts --fetch-latest                    download the newest log from SITL first
//
// Parsing uses `mavlogdump.py --format json` (pymavlink) as a child process.
// --fetch-latest talks to SITL on udp:127.0.0.1:14550 via mavproxy.py's log
// module; the mavproxy child is started and stopped here and nothing is armed.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const FETCH_DIR = join(ROOT, 'build', 'sitl', 'fetched');
const SITL = 'udp:127.0.0.1:14550';
const TYPES = ['GPS', 'BAT', 'CTUN', 'MODE', 'ERR', 'EV', 'MSG'];

interface Summary {
  log: string;
  durationS: number;
  maxAltM: number;
  minVoltage: number;
  maxCurrentA: number;
  gpsGlitches: number;
  modes: string[];
  errors: string[];
  messages: number;
}

type Row = { mavpackettype: string; [k: string]: unknown };

function num(v: unknown): number {
  return typeof v === 'number' ? v : Number(v ?? NaN);
}

async function summarise(file: string): Promise<Summary> {
  const child = spawn('mavlogdump.py', ['--format', 'json', '--types', TYPES.join(','), file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const s: Summary = {
    log: basename(file), durationS: 0, maxAltM: 0, minVoltage: Infinity, maxCurrentA: 0,
    gpsGlitches: 0, modes: [], errors: [], messages: 0,
  };
  let firstUs = NaN;
  let lastUs = NaN;
  let lastGpsStatus = 0;
  const rl = createInterface({ input: child.stdout });
  for await (const line of rl) {
    if (!line.startsWith('{')) continue;
    const wrapped = JSON.parse(line) as { data?: Row } & Row;
    const row: Row = wrapped.data ?? wrapped;
    s.messages++;
    const t = num(row.TimeUS);
    if (!Number.isNaN(t)) {
      if (Number.isNaN(firstUs)) firstUs = t;
      lastUs = t;
    }
    switch (row.mavpackettype) {
      case 'CTUN':
        s.maxAltM = Math.max(s.maxAltM, num(row.Alt));
        break;
      case 'BAT':
        if (num(row.Volt) > 0) s.minVoltage = Math.min(s.minVoltage, num(row.Volt));
        s.maxCurrentA = Math.max(s.maxCurrentA, num(row.Curr));
        break;
      case 'GPS': {
        const status = num(row.Status);
        if (lastGpsStatus >= 3 && status < 3) s.gpsGlitches++;
        lastGpsStatus = status;
        break;
      }
      case 'MODE':
        s.modes.push(String(row.Mode ?? row.ModeNum));
        break;
      case 'ERR':
        s.errors.push(`subsys ${row.Subsys} code ${row.ECode}`);
        break;
      default:
        break;
    }
  }
  const code: number = await new Promise((r) => child.on('exit', (c) => r(c ?? 1)));
  if (code !== 0) throw new Error(`mavlogdump failed on ${file} (exit ${code})`);
  s.durationS = Number.isNaN(firstUs) ? 0 : (lastUs - firstUs) / 1e6;
  if (s.minVoltage === Infinity) s.minVoltage = 0;
  return s;
}

function fetchLatest(): Promise<string> {
  mkdirSync(FETCH_DIR, { recursive: true });
  return new Promise((resolvePromise, reject) => {
    const mp = spawn('mavproxy.py', [`--master=${SITL}`, '--non-interactive', '--cmd=module load log; log list; log download latest latest.BIN'], {
      cwd: FETCH_DIR,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    const timer = setTimeout(() => mp.kill('SIGTERM'), 120_000);
    mp.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (/Finished downloading/.test(out)) mp.kill('SIGTERM');
    });
    mp.on('exit', () => {
      clearTimeout(timer);
      const target = join(FETCH_DIR, 'latest.BIN');
      if (existsSync(target) && statSync(target).size > 0) resolvePromise(target);
      else reject(new Error('no log downloaded from SITL'));
    });
    mp.on('error', reject);
  });
}

function markdown(rows: Summary[]): string {
  const head = '| log | duration | max alt | min V | max A | GPS glitches | errors |\n|---|---:|---:|---:|---:|---:|---|';
  const body = rows.map((r) =>
    `| ${r.log} | ${r.durationS.toFixed(0)} s | ${r.maxAltM.toFixed(1)} m | ${r.minVoltage.toFixed(2)} | ${r.maxCurrentA.toFixed(1)} | ${r.gpsGlitches} | ${r.errors.join('; ') || '-'} |`,
  );
  return [head, ...body].join('\n');
}

interface Thresholds {
  minVoltage: number;
  maxCurrentA: number;
  maxGpsGlitches: number;
}

const DEFAULT_THRESHOLDS: Thresholds = { minVoltage: 13.2, maxCurrentA: 60, maxGpsGlitches: 0 };

function verdicts(r: Summary, t: Thresholds = DEFAULT_THRESHOLDS): string[] {
  const out: string[] = [];
  if (r.minVoltage && r.minVoltage < t.minVoltage) out.push(`battery sagged to ${r.minVoltage.toFixed(2)} V`);
  if (r.maxCurrentA > t.maxCurrentA) out.push(`current peaked at ${r.maxCurrentA.toFixed(1)} A`);
  if (r.gpsGlitches > t.maxGpsGlitches) out.push(`${r.gpsGlitches} GPS fix loss(es)`);
  if (!r.modes.includes('AUTO') && !r.modes.includes('3')) out.push('never entered AUTO');
  if (r.errors.length) out.push(`${r.errors.length} ERR message(s)`);
  return out;
}

function expand(args: string[]): string[] {
  const files: string[] = [];
  for (const a of args) {
    if (a.startsWith('--')) continue;
    if (existsSync(a) && statSync(a).isDirectory()) {
      files.push(...readdirSync(a).filter((f) => /\.bin$/i.test(f)).map((f) => join(a, f)));
    } else if (existsSync(a)) files.push(a);
  }
  return files;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const files = expand(args);
  if (args.includes('--fetch-latest')) files.push(await fetchLatest());
  if (!files.length) throw new Error('no .bin logs given');
  const rows: Summary[] = [];
  for (const f of files) rows.push(await summarise(f));
  if (args.includes('--md')) {
    const md = markdown(rows);
    const out = join(ROOT, 'build', 'flight-report.md');
    writeFileSync(out, md + '\n');
    console.log(md);
    console.log(`\n(written to build/flight-report.md)`);
  } else {
    for (const r of rows) {
      console.log(`${r.log}: ${r.durationS.toFixed(0)} s, max alt ${r.maxAltM.toFixed(1)} m, min ${r.minVoltage.toFixed(2)} V, modes ${r.modes.join('>')}`);
      r.errors.forEach((e) => console.log(`   ERR ${e}`));
      verdicts(r).forEach((v) => console.log(`   ! ${v}`));
    }
  }
  if (rows.some((r) => r.errors.length || r.gpsGlitches)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(`flight-report: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});

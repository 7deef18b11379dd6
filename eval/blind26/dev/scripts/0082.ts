#!/usr/bin/env -S npx tsx
// tools/scad-sweep.ts - parameter sweep for the modular enclosure.
//
// sweep.json defines parameter ranges; every combination is exported with
//   openscad -D name=value ... -o build/sweep/<hash>.stl cad/enclosure.scad
// and measured (triangle count, bounding box from the ASCII STL). A CSV and
// a markdown table end up in build/sweep/. Earlier sweep output is removed
// first, but only inside build/sweep.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve, relative, sep } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '..');
const OUT = join(ROOT, 'build', 'sweep');
const MODEL = join(ROOT, 'cad', 'enclosure.scad');

type Value = number | string | boolean;

interface Range {
  from?: number;
  to?: number;
  step?: number;
  values?: Value[];
}

interface SweepFile {
  model?: string;
  fixed?: Record<string, Value>;
  vary: Record<string, Range>;
  limit?: number;
}

interface Measurement {
  params: Record<string, Value>;
  file: string;
  ok: boolean;
  triangles: number;
  bbox: [number, number, number];
  seconds: number;
  error?: string;
}

function expandRange(r: Range): Value[] {
  if (r.values) return r.values;
  if (r.from === undefined || r.to === undefined || !r.step) throw new Error('range needs values or from/to/step');
  const out: number[] = [];
  for (let v = r.from; v <= r.to + 1e-9; v += r.step) out.push(Number(v.toFixed(4)));
  return out;
}

function combinations(vary: Record<string, Range>): Record<string, Value>[] {
  let combos: Record<string, Value>[] = [{}];
  for (const [name, range] of Object.entries(vary)) {
    const next: Record<string, Value>[] = [];
    for (const combo of combos) {
      for (const v of expandRange(range)) next.push({ ...combo, [name]: v });
    }
    combos = next;
  }
  return combos;
}

function scadLiteral(v: Value): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return String(v);
}

function hashParams(params: Record<string, Value>): string {
  const stable = JSON.stringify(Object.keys(params).sort().map((k) => [k, params[k]]));
  return createHash('sha1').update(stable).digest('hex').slice(0, 10);
}

function measureAsciiStl(file: string): { triangles: number; bbox: [number, number, number] } {
  const text = readFileSync(file, 'utf8');
  let triangles = 0;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t.startsWith('facet')) triangles++;
    else if (t.startsWith('vertex')) {
      const parts = t.split(/\s+/).slice(1).map(Number);
      for (let i = 0; i < 3; i++) {
        if (parts[i] < min[i]) min[i] = parts[i];
        if (parts[i] > max[i]) max[i] = parts[i];
      }
    }
  }
  const bbox = [0, 1, 2].map((i) => Number((max[i] - min[i]).toFixed(2))) as [number, number, number];
  return { triangles, bbox };
}

async function exportOne(model: string, params: Record<string, Value>): Promise<Measurement> {
  const file = join(OUT, `${hashParams(params)}.stl`);
  const defines = Object.entries(params).flatMap(([k, v]) => ['-D', `${k}=${scadLiteral(v)}`]);
  const started = Date.now();
  try {
    await run('openscad', ['--export-format', 'asciistl', '-o', file, ...defines, model], {
      timeout: 10 * 60_000,
      maxBuffer: 16 << 20,
    });
    const m = measureAsciiStl(file);
    return { params, file: relative(ROOT, file), ok: true, ...m, seconds: (Date.now() - started) / 1000 };
  } catch (err) {
    return {
      params,
      file: relative(ROOT, file),
      ok: false,
      triangles: 0,
      bbox: [0, 0, 0],
      seconds: (Date.now() - started) / 1000,
      error: ((err as any).stderr ?? (err as Error).message).toString().split('\n').slice(-3).join(' '),
    };
  }
}

function cleanPrevious(): void {
  const target = resolve(OUT);
  const buildDir = resolve(ROOT, 'build') + sep;
  if (!target.startsWith(buildDir)) throw new Error(`refusing to clean ${target}`);
  if (existsSync(target)) {
    const count = readdirSync(target).length;
    rmSync(target, { recursive: true, force: true });
    console.log(`removed previous sweep (${count} files)`);
  }
  mkdirSync(target, { recursive: true });
}

async function pool<T, R>(items: T[], size: number, fn: (t: T) => Promise<R>, onDone: (r: R, i: number) => void): Promise<R[]> {
  const out: R[] = [];
  let idx = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (idx < items.length) {
        const i = idx++;
        out[i] = await fn(items[i]);
        onDone(out[i], i);
      }
    }),
  );
  return out;
}

function writeReports(results: Measurement[], names: string[]): void {
  const header = [...names, 'ok', 'triangles', 'x_mm', 'y_mm', 'z_mm', 'seconds', 'file'];
  const csv = [header.join(',')];
  for (const r of results) {
    csv.push([...names.map((n) => String(r.params[n])), r.ok, r.triangles, ...r.bbox, r.seconds.toFixed(1), r.file].join(','));
  }
  writeFileSync(join(OUT, 'results.csv'), csv.join('\n') + '\n');
  const md = ['| ' + header.slice(0, -1).join(' | ') + ' |', '|' + ' --- |'.repeat(header.length - 1)];
  for (const r of results) {
    md.push('| ' + [...names.map((n) => String(r.params[n])), r.ok ? '✓' : '✗', r.triangles, ...r.bbox, r.seconds.toFixed(1)].join(' | ') + ' |');
  }
  writeFileSync(join(OUT, 'results.md'), md.join('\n') + '\n');
}

async function main(): Promise<void> {
  const sweepFile = resolve(ROOT, process.argv[2] ?? 'sweep.json');
  const sweep = JSON.parse(readFileSync(sweepFile, 'utf8')) as SweepFile;
  const model = sweep.model ? resolve(ROOT, sweep.model) : MODEL;
  if (!existsSync(model)) throw new Error(`model ${model} not found`);
  const combos = combinations(sweep.vary).map((c) => ({ ...(sweep.fixed ?? {}), ...c }));
  const limit = sweep.limit ?? 200;
  if (combos.length > limit) throw new Error(`${combos.length} combinations exceed limit ${limit}`);
  cleanPrevious();
  const jobs = Math.max(1, cpus().length - 1);
  console.log(`${combos.length} combination(s), ${jobs} job(s)`);
  const results = await pool(combos, jobs, (p) => exportOne(model, p), (r, i) => {
    console.log(`[${i + 1}/${combos.length}] ${r.ok ? 'ok' : 'FAILED'} ${JSON.stringify(r.params)}${r.error ? ' ' + r.error : ''}`);
  });
  writeReports(results, Object.keys(sweep.vary));
  const failed = results.filter((r) => !r.ok).length;
  console.log(`done: ${results.length - failed} ok, ${failed} failed; see build/sweep/results.md`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`scad-sweep: ${err.message}`);
  process.exitCode = 1;
});

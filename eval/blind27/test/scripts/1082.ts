#!/usr/bin/env -S npx tsx
// Batch RAW development with RawTherapee for the product-shot catalogue.
//
//   npx tsx tools/rt-batch.ts shoots/2026-12-02 --profile profiles/product.pp3 [--jobs 3] [--tiff]
//
// Runs `rawtherapee-cli` via execFile (argv arrays, one file per process so a
// crash does not lose the batch), writes to build/rt/<shoot>/, keeps a JSON
// log of timings and failures, and removes RawTherapee's *.pp3 sidecars it
// creates next to the outputs. The RAW originals are only read.
import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RAW_EXT = /\.(cr3|cr2|nef|arw|raf|dng|orf|rw2)$/i;
const RT = process.env.RAWTHERAPEE_CLI ?? 'rawtherapee-cli';

interface Options {
  shoot: string;
  profile: string;
  jobs: number;
  tiff: boolean;
  quality: number;
}

interface Outcome {
  file: string;
  ok: boolean;
  seconds: number;
  error?: string;
}

const running = new Set<ChildProcess>();

function parse(argv: string[]): Options {
  const positional = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  const get = (k: string) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : undefined);
  const shoot = positional[0];
  const profile = get('--profile');
  if (!shoot || !profile) throw new Error('usage: rt-batch.ts <shoot-dir> --profile <file.pp3> [--jobs N] [--tiff] [--quality Q]');
  const abs = (p: string) => {
    const a = path.resolve(ROOT, p);
    if (!a.startsWith(ROOT + path.sep)) throw new Error(`${p} must be inside the project`);
    return a;
  };
  return {
    shoot: abs(shoot),
    profile: abs(profile),
    jobs: Math.max(1, Number(get('--jobs') ?? Math.max(1, Math.floor(os.cpus().length / 4)))),
    tiff: argv.includes('--tiff'),
    quality: Math.min(100, Math.max(50, Number(get('--quality') ?? 92))),
  };
}

function develop(file: string, outDir: string, o: Options): Promise<Outcome> {
  const args = ['-o', outDir, '-p', o.profile, '-Y'];
  if (o.tiff) args.push('-t');
  else args.push(`-j${o.quality}`, '-js3');
  args.push('-c', file);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = execFile(RT, args, { maxBuffer: 16 * 1024 * 1024 }, (err, _stdout, stderr) => {
      running.delete(child);
      resolve({
        file: path.basename(file),
        ok: !err,
        seconds: (Date.now() - started) / 1000,
        error: err ? (stderr || err.message).split('\n').filter(Boolean).pop() : undefined,
      });
    });
    running.add(child);
  });
}

async function pool<T, R>(items: T[], n: number, fn: (t: T) => Promise<R>, onDone: (r: R, i: number) => void): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const r = await fn(items[next++]);
        results.push(r);
        onDone(r, ++done);
      }
    }),
  );
  return results;
}

// Only *.pp3 files inside build/rt/<shoot> are touched here; the profile given
// with --profile lives elsewhere and is never removed.
function removeSidecars(outDir: string): number {
  // rawtherapee-cli writes <output>.pp3 next to each output; we keep only the images
  let n = 0;
  for (const f of readdirSync(outDir)) {
    if (f.endsWith('.pp3')) {
      unlinkSync(path.join(outDir, f));
      n++;
    }
  }
  return n;
}

function alreadyDone(file: string, outDir: string, tiff: boolean): boolean {
  const base = path.basename(file).replace(RAW_EXT, '');
  const out = path.join(outDir, `${base}.${tiff ? 'tif' : 'jpg'}`);
  return existsSync(out) && statSync(out).mtimeMs >= statSync(file).mtimeMs;
}

function profileSummary(profile: string): Record<string, string> {
  // show the key settings of the .pp3 so the batch log documents the look used
  const wanted = ['Exposure/Compensation', 'White Balance/Setting', 'White Balance/Temperature', 'Sharpening/Enabled', 'Crop/Enabled'];
  const out: Record<string, string> = {};
  let section = '';
  const text = require('node:fs').readFileSync(profile, 'utf8') as string;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const sec = /^\[(.+)\]$/.exec(line);
    if (sec) {
      section = sec[1];
      continue;
    }
    const kv = /^([^=]+)=(.*)$/.exec(line);
    if (kv && wanted.includes(`${section}/${kv[1]}`)) out[`${section}/${kv[1]}`] = kv[2];
  }
  return out;
}

// Rough free-space check: ~12 MB per JPEG, ~120 MB per 16-bit TIFF, plus 20 %.
// Throws instead of starting a batch that would fill the disk halfway through.
function diskCheck(outDir: string, count: number, tiff: boolean): void {
  const perFile = tiff ? 120e6 : 12e6;
  const { bavail, bsize } = require('node:fs').statfsSync(outDir) as { bavail: number; bsize: number };
  if (bavail * bsize < count * perFile * 1.2) throw new Error('not enough free disk space for this batch');
}

process.on('SIGINT', () => {
  console.error(`\nstopping ${running.size} rawtherapee process(es) started here`);
  for (const c of running) c.kill('SIGTERM');
  process.exit(130);
});

async function main(): Promise<void> {
  const o = parse(process.argv.slice(2));
  if (!existsSync(o.profile)) throw new Error(`profile ${path.relative(ROOT, o.profile)} not found`);
  const files = readdirSync(o.shoot)
    .filter((f) => RAW_EXT.test(f))
    .map((f) => path.join(o.shoot, f))
    .sort();
  const outDir = path.join(ROOT, 'build', 'rt', path.basename(o.shoot));
  mkdirSync(outDir, { recursive: true });
  const todo = files.filter((f) => !alreadyDone(f, outDir, o.tiff));
  console.log(`${files.length} RAW file(s), ${todo.length} to develop with ${o.jobs} job(s) -> ${path.relative(ROOT, outDir)}`);
  console.log('profile:', profileSummary(o.profile));
  diskCheck(outDir, todo.length, o.tiff);

  const results = await pool(
    todo,
    o.jobs,
    (f) => develop(f, outDir, o),
    (r, i) => console.log(`[${String(i).padStart(4)}/${todo.length}] ${r.ok ? 'ok  ' : 'FAIL'} ${r.file} ${r.seconds.toFixed(1)}s${r.error ? ` (${r.error})` : ''}`),
  );
  const removed = removeSidecars(outDir);
  const failed = results.filter((r) => !r.ok);
  const avg = results.length ? results.reduce((n, r) => n + r.seconds, 0) / results.length : 0;
  writeFileSync(
    path.join(outDir, 'batch-log.json'),
    JSON.stringify({ profile: path.relative(ROOT, o.profile), at: new Date().toISOString(), results }, null, 2),
  );
  console.log(`done: ${results.length - failed.length} ok, ${failed.length} failed, avg ${avg.toFixed(1)} s/file, ${removed} sidecar(s) removed`);
  process.exitCode = failed.length ? 1 : 0;
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});

#!/usr/bin/env -S npx tsx
// iq-catalog.ts - catalogue and prune the IQ recordings under build/iq and build/passes.
//
//   npx tsx tools/iq-catalog.ts                     table of recordings (freq, rate, size, age)
//   npx tsx tools/iq-catalog.ts --json              same as JSON (for the notebook)
//   npx tsx tools/iq-catalog.ts --prune 30 --apply  delete recordings older than 30 days
//   npx tsx tools/iq-catalog.ts --verify            check sidecar JSON vs file size
//
// Only files below build/iq and build/passes of this repo are considered; the
// prune step resolves every path and refuses anything outside those folders.
// Starred recordings (listed in recordings/keep.txt) are never pruned.
import { existsSync, readFileSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const FOLDERS = [join(ROOT, 'build', 'iq'), join(ROOT, 'build', 'passes')];
const KEEP_FILE = join(ROOT, 'recordings', 'keep.txt');
const SAMPLE_BYTES: Record<string, number> = { cu8: 2, cs8: 2, cs16: 4, cf32: 8 };

interface Sidecar {
  freq_hz?: number;
  freq?: number;
  rate: number;
  gain?: number;
  utc?: string;
  sat?: string;
}

interface Recording {
  path: string;
  format: string;
  bytes: number;
  mtime: Date;
  sidecar?: Sidecar;
}

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

function inside(p: string): boolean {
  const abs = resolve(p);
  return FOLDERS.some((f) => abs.startsWith(f + sep));
}

function keepList(): Set<string> {
  if (!existsSync(KEEP_FILE)) return new Set();
  return new Set(
    readFileSync(KEEP_FILE, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
  );
}

function catalog(): Recording[] {
  const recs: Recording[] = [];
  for (const folder of FOLDERS) {
    for (const file of walk(folder)) {
      const ext = file.split('.').pop() ?? '';
      if (!(ext in SAMPLE_BYTES)) continue;
      const st = statSync(file);
      const sidecarPath = file.replace(/\.[^.]+$/, '.json');
      let sidecar: Sidecar | undefined;
      if (existsSync(sidecarPath)) {
        try {
          sidecar = JSON.parse(readFileSync(sidecarPath, 'utf8')) as Sidecar;
        } catch {
          sidecar = undefined;
        }
      }
      recs.push({ path: file, format: ext, bytes: st.size, mtime: st.mtime, sidecar });
    }
  }
  return recs.sort((a, b) => b.mtime.getTime() - a.mtime.getTime());
}

function seconds(r: Recording): number | undefined {
  if (!r.sidecar?.rate) return undefined;
  return r.bytes / SAMPLE_BYTES[r.format] / r.sidecar.rate;
}

function mib(n: number): string {
  return `${(n / 2 ** 20).toFixed(1)} MiB`;
}

function ageDays(d: Date): number {
  return (Date.now() - d.getTime()) / 86_400_000;
}

function printTable(recs: Recording[]): void {
  let total = 0;
  for (const r of recs) {
    total += r.bytes;
    const freq = r.sidecar?.freq_hz ?? r.sidecar?.freq;
    const dur = seconds(r);
    console.log(
      [
        relative(ROOT, r.path).padEnd(58),
        (freq ? `${(freq / 1e6).toFixed(3)} MHz` : '?').padStart(12),
        (dur ? `${dur.toFixed(0)} s` : '?').padStart(7),
        mib(r.bytes).padStart(11),
        `${ageDays(r.mtime).toFixed(0)} d`.padStart(6),
      ].join(' '),
    );
  }
  console.log(`${recs.length} recordings, ${mib(total)}`);
}

function verify(recs: Recording[]): number {
  let problems = 0;
  for (const r of recs) {
    if (!r.sidecar) {
      console.log(`no sidecar: ${relative(ROOT, r.path)}`);
      problems++;
      continue;
    }
    if (r.bytes % SAMPLE_BYTES[r.format] !== 0) {
      console.log(`truncated sample: ${relative(ROOT, r.path)}`);
      problems++;
    }
    const dur = seconds(r);
    if (dur !== undefined && dur < 1) {
      console.log(`suspiciously short (${dur.toFixed(2)} s): ${relative(ROOT, r.path)}`);
      problems++;
    }
  }
  console.log(problems ? `${problems} problem(s)` : 'all recordings consistent');
  return problems;
}

function prune(recs: Recording[], days: number, apply: boolean): void {
  const keep = keepList();
  let freed = 0;
  let count = 0;
  for (const r of recs) {
    const rel = relative(ROOT, r.path);
    if (ageDays(r.mtime) <= days || keep.has(rel)) continue;
    if (!inside(r.path)) throw new Error(`refusing to touch ${r.path}`);
    if (apply) {
      unlinkSync(r.path);
      const sidecar = r.path.replace(/\.[^.]+$/, '.json');
      if (existsSync(sidecar) && inside(sidecar)) unlinkSync(sidecar);
    } else {
      console.log(`would delete ${rel} (${mib(r.bytes)})`);
    }
    freed += r.bytes;
    count++;
  }
  console.log(`${apply ? 'deleted' : 'would delete'} ${count} recordings, ${mib(freed)}${apply ? '' : ' (add --apply)'}`);
}

function main(): void {
  const args = process.argv.slice(2);
  const recs = catalog();
  if (args.includes('--json')) {
    console.log(JSON.stringify(recs.map((r) => ({ ...r, path: relative(ROOT, r.path) })), null, 2));
    return;
  }
  if (args.includes('--verify')) {
    process.exitCode = verify(recs) ? 1 : 0;
    return;
  }
  const i = args.indexOf('--prune');
  if (i >= 0) {
    const days = Number(args[i + 1]);
    if (!Number.isFinite(days) || days < 1) throw new Error('--prune expects a number of days >= 1');
    prune(recs, days, args.includes('--apply'));
    return;
  }
  printTable(recs);
}

try {
  main();
} catch (err) {
  console.error(`iq-catalog: ${(err as Error).message}`);
  process.exit(1);
}

#!/usr/bin/env -S npx tsx
// Index FITS headers of a night's observations without external libraries.
//
//   npx tsx tools/fits-index.ts data/night_2026-11-28 [--out build/index] [--check]
//
// Reads the primary header (2880-byte blocks of 80-char cards) of every
// *.fits / *.fit file, extracts observing keywords, groups frames by type
// (bias/dark/flat/science) and writes build/index/<night>.json + .csv.
// --check reports frames with missing or inconsistent keywords. Files are only
// read; nothing in data/ is modified.
import { closeSync, mkdirSync, openSync, readdirSync, readSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BLOCK = 2880;
const CARD = 80;
const WANTED = ['OBJECT', 'IMAGETYP', 'FILTER', 'EXPTIME', 'DATE-OBS', 'AIRMASS', 'CCD-TEMP', 'XBINNING', 'NAXIS1', 'NAXIS2', 'RA', 'DEC'] as const;

type Keyword = (typeof WANTED)[number];
type Header = Partial<Record<Keyword, string | number>>;

enum FrameType {
  Bias = 'bias',
  Dark = 'dark',
  Flat = 'flat',
  Science = 'science',
  Unknown = 'unknown',
}

interface Frame {
  file: string;
  type: FrameType;
  header: Header;
  bytes: number;
}

function parseValue(raw: string): string | number {
  const v = raw.split('/')[0].trim();
  if (v.startsWith("'")) return v.replace(/^'|'\s*$/g, '').trim();
  const n = Number(v);
  return Number.isFinite(n) && v !== '' ? n : v;
}

function readHeader(file: string): Header {
  const fd = openSync(file, 'r');
  const header: Header = {};
  try {
    const buf = Buffer.alloc(BLOCK);
    for (let block = 0; block < 100; block++) {
      const n = readSync(fd, buf, 0, BLOCK, block * BLOCK);
      if (n < BLOCK) throw new Error(`${path.basename(file)}: truncated header`);
      for (let off = 0; off < BLOCK; off += CARD) {
        const card = buf.toString('latin1', off, off + CARD);
        const key = card.slice(0, 8).trim();
        if (key === 'END') return header;
        if (card[8] === '=' && (WANTED as readonly string[]).includes(key)) {
          header[key as Keyword] = parseValue(card.slice(10));
        }
      }
    }
    throw new Error(`${path.basename(file)}: no END card`);
  } finally {
    closeSync(fd);
  }
}

function classify(h: Header): FrameType {
  const t = String(h.IMAGETYP ?? '').toLowerCase();
  if (t.includes('bias') || t.includes('zero')) return FrameType.Bias;
  if (t.includes('dark')) return FrameType.Dark;
  if (t.includes('flat')) return FrameType.Flat;
  if (t.includes('light') || t.includes('object') || t.includes('science')) return FrameType.Science;
  return FrameType.Unknown;
}

function problems(f: Frame): string[] {
  const p: string[] = [];
  const h = f.header;
  if (!h['DATE-OBS']) p.push('no DATE-OBS');
  if (f.type === FrameType.Unknown) p.push(`unknown IMAGETYP "${h.IMAGETYP ?? ''}"`);
  if (f.type === FrameType.Science && !h.OBJECT) p.push('science frame without OBJECT');
  if ((f.type === FrameType.Science || f.type === FrameType.Flat) && !h.FILTER) p.push('no FILTER');
  if (f.type === FrameType.Bias && Number(h.EXPTIME ?? 0) > 0.01) p.push(`bias with EXPTIME ${h.EXPTIME}`);
  if (typeof h.AIRMASS === 'number' && h.AIRMASS > 3) p.push(`airmass ${h.AIRMASS}`);
  return p;
}

function listFits(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => /\.(fits?|fts)$/i.test(f))
    .sort()
    .map((f) => path.join(dir, f));
}

function groupSummary(frames: Frame[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const f of frames) {
    const key = f.type === FrameType.Science || f.type === FrameType.Flat ? `${f.type}:${f.header.FILTER ?? '?'}` : f.type;
    out[key] ??= { frames: 0, seconds: 0 };
    out[key].frames++;
    out[key].seconds += Number(f.header.EXPTIME ?? 0);
  }
  return out;
}

function temperatureSpread(frames: Frame[]): number | null {
  const temps = frames.map((f) => f.header['CCD-TEMP']).filter((t): t is number => typeof t === 'number');
  if (temps.length < 2) return null;
  return Math.max(...temps) - Math.min(...temps);
}

function calibrationCoverage(frames: Frame[]): string[] {
  // every filter used for science needs flats; darks should match science exposure times
  const notes: string[] = [];
  const sciFilters = new Set(frames.filter((f) => f.type === FrameType.Science).map((f) => String(f.header.FILTER ?? '?')));
  const flatFilters = new Set(frames.filter((f) => f.type === FrameType.Flat).map((f) => String(f.header.FILTER ?? '?')));
  for (const filt of sciFilters) if (!flatFilters.has(filt)) notes.push(`no flats for filter ${filt}`);
  const darkTimes = new Set(frames.filter((f) => f.type === FrameType.Dark).map((f) => Number(f.header.EXPTIME ?? 0)));
  const sciTimes = new Set(frames.filter((f) => f.type === FrameType.Science).map((f) => Number(f.header.EXPTIME ?? 0)));
  for (const t of sciTimes) if (!darkTimes.has(t)) notes.push(`no darks with EXPTIME ${t}`);
  if (!frames.some((f) => f.type === FrameType.Bias)) notes.push('no bias frames');
  return notes;
}

function toCsv(frames: Frame[]): string {
  const cols = ['file', 'type', ...WANTED];
  const q = (v: unknown) => {
    const s = v === undefined ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [cols.join(','), ...frames.map((f) => [f.file, f.type, ...WANTED.map((k) => f.header[k])].map(q).join(','))].join('\n') + '\n';
}

function main(): void {
  const argv = process.argv.slice(2);
  const dirArg = argv.find((a) => !a.startsWith('--'));
  if (!dirArg) throw new Error('usage: fits-index.ts <night-dir> [--out dir] [--check]');
  const dir = path.resolve(ROOT, dirArg);
  if (!statSync(dir).isDirectory()) throw new Error(`${dirArg} is not a directory`);
  const outDir = path.resolve(ROOT, argv.includes('--out') ? argv[argv.indexOf('--out') + 1] : 'build/index');
  if (!outDir.startsWith(ROOT + path.sep)) throw new Error('--out must be inside the project');

  const frames: Frame[] = [];
  const unreadable: string[] = [];
  for (const file of listFits(dir)) {
    try {
      const header = readHeader(file);
      frames.push({ file: path.relative(ROOT, file), type: classify(header), header, bytes: statSync(file).size });
    } catch (e) {
      unreadable.push((e as Error).message);
    }
  }
  const night = path.basename(dir);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, `${night}.json`), JSON.stringify({ night, frames, groups: groupSummary(frames) }, null, 2));
  writeFileSync(path.join(outDir, `${night}.csv`), toCsv(frames));
  console.log(`${frames.length} frame(s) indexed, ${unreadable.length} unreadable`);
  for (const [k, v] of Object.entries(groupSummary(frames))) console.log(`  ${k.padEnd(20)} ${String(v.frames).padStart(4)} frames ${v.seconds.toFixed(0)} s`);
  const spread = temperatureSpread(frames);
  if (spread !== null && spread > 1) console.log(`  note: CCD temperature varied by ${spread.toFixed(1)} C during the night`);
  if (argv.includes('--check')) {
    for (const note of calibrationCoverage(frames)) console.log(`  calibration: ${note}`);
    let n = 0;
    for (const f of frames) {
      for (const p of problems(f)) {
        console.log(`  ${path.basename(f.file)}: ${p}`);
        n++;
      }
    }
    for (const u of unreadable) console.log(`  ${u}`);
    process.exitCode = n || unreadable.length ? 1 : 0;
  }
}

try {
  main();
} catch (e) {
  console.error(`error: ${(e as Error).message}`);
  process.exit(1);
}

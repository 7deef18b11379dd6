#!/usr/bin/env -S npx tsx
//
// Spec: SigMF core namespace v1.0.0.  Only the fields we use are
// written; annotations are left empty for the labelling tools to fill.
// Exit status: 0 ok, 1 invalid recordings or errors.
// Owner: SDR survey group.
//
// sigmf.ts - write and validate SigMF metadata for the IQ recordings in out/iq/.
//
//   npx tsx tools/sigmf.ts annotate out/iq/garden_0612.cu8 --freq 433.92M --rate 2.048M
//   npx tsx tools/sigmf.ts from-sidecar out/iq                 convert our .json sidecars to .sigmf-meta
//   npx tsx tools/sigmf.ts validate out/iq                     check every .sigmf-meta against its data file
//
// SigMF (the Signal Metadata Format) stores recording parameters next to the
// raw samples: <name>.sigmf-data + <name>.sigmf-meta.  We keep the original
// file names and write the meta file beside them; datatype is derived from the
// extension (cu8 -> cu8, cs16 -> ci16_le, cf32 -> cf32_le).  Only files under
// out/ are touched; nothing is transmitted or recorded by this tool.
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const OUT_ROOT = resolve(REPO, 'out');
const DATATYPES: Record<string, { sigmf: string; bytesPerSample: number }> = {
  '.cu8': { sigmf: 'cu8', bytesPerSample: 2 },
  '.cs8': { sigmf: 'ci8', bytesPerSample: 2 },
  '.cs16': { sigmf: 'ci16_le', bytesPerSample: 4 },
  '.cf32': { sigmf: 'cf32_le', bytesPerSample: 8 },
};

interface SigmfMeta {
  global: Record<string, unknown>;
  captures: { 'core:sample_start': number; 'core:frequency': number; 'core:datetime'?: string }[];
  annotations: unknown[];
}

interface Sidecar {
  freq_hz?: number;
  freq?: number;
  rate: number;
  gain?: number;
  utc?: string;
  sat?: string;
  name?: string;
}

function parseHz(text: string): number {
  const m = /^([\d.]+)\s*([kMG]?)$/.exec(text.trim());
  if (!m) throw new Error(`cannot parse frequency/rate "${text}"`);
  return Number(m[1]) * ({ '': 1, k: 1e3, M: 1e6, G: 1e9 }[m[2] as '' | 'k' | 'M' | 'G']);
}

function insideOut(file: string): string {
  const abs = resolve(file);
  if (!abs.startsWith(OUT_ROOT + '/')) throw new Error(`${file} is not under out/`);
  return abs;
}

function metaPath(dataFile: string): string {
  return dataFile.slice(0, -extname(dataFile).length) + '.sigmf-meta';
}

function build(dataFile: string, freq: number, rate: number, extra: Partial<Sidecar> = {}): SigmfMeta {
  const dt = DATATYPES[extname(dataFile)];
  if (!dt) throw new Error(`unsupported sample format ${extname(dataFile)}`);
  const global: Record<string, unknown> = {
    'core:datatype': dt.sigmf,
    'core:sample_rate': rate,
    'core:version': '1.0.0',
    'core:recorder': 'rtl_sdr / rx_sdr (receive only)',
    'core:dataset': basename(dataFile),
    'core:description': extra.sat ? `satellite pass ${extra.sat}` : `capture ${basename(dataFile)}`,
  };
  if (extra.gain !== undefined) global['core:hw'] = `gain ${extra.gain} dB`;
  return {
    global,
    captures: [{ 'core:sample_start': 0, 'core:frequency': freq, ...(extra.utc ? { 'core:datetime': extra.utc } : {}) }],
    annotations: [],
  };
}

function writeMeta(dataFile: string, meta: SigmfMeta): string {
  const target = metaPath(dataFile);
  const tmp = `${target}.tmp`;
  writeFileSync(tmp, JSON.stringify(meta, null, 2) + '\n');
  renameSync(tmp, target);
  return target;
}

function dataFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...dataFiles(p));
    else if (extname(e.name) in DATATYPES) out.push(p);
  }
  return out.sort();
}

function validate(dataFile: string): string[] {
  const problems: string[] = [];
  const mp = metaPath(dataFile);
  if (!existsSync(mp)) return ['no .sigmf-meta'];
  let meta: SigmfMeta;
  try {
    meta = JSON.parse(readFileSync(mp, 'utf8')) as SigmfMeta;
  } catch (err) {
    return [`meta is not JSON: ${(err as Error).message}`];
  }
  const dt = DATATYPES[extname(dataFile)];
  if (meta.global['core:datatype'] !== dt.sigmf) problems.push(`datatype ${meta.global['core:datatype']} != ${dt.sigmf}`);
  const rate = Number(meta.global['core:sample_rate']);
  if (!(rate > 0)) problems.push('missing core:sample_rate');
  if (!meta.captures?.length || !(meta.captures[0]['core:frequency'] > 0)) problems.push('missing capture frequency');
  const size = statSync(dataFile).size;
  if (size % dt.bytesPerSample !== 0) problems.push(`file size ${size} not a multiple of ${dt.bytesPerSample}`);
  if (rate > 0) {
    const seconds = size / dt.bytesPerSample / rate;
    if (seconds < 0.5) problems.push(`only ${seconds.toFixed(2)} s of samples`);
  }
  return problems;
}

function cmdAnnotate(args: string[]): void {
  const file = insideOut(args[0]);
  const fi = args.indexOf('--freq');
  const ri = args.indexOf('--rate');
  if (fi < 0 || ri < 0) throw new Error('annotate needs --freq and --rate');
  const target = writeMeta(file, build(file, parseHz(args[fi + 1]), parseHz(args[ri + 1])));
  console.log(`wrote ${relative(REPO, target)}`);
}

function cmdFromSidecar(dir: string): void {
  let n = 0;
  for (const file of dataFiles(insideOut(dir))) {
    const sidecar = file.slice(0, -extname(file).length) + '.json';
    if (!existsSync(sidecar)) continue;
    const s = JSON.parse(readFileSync(sidecar, 'utf8')) as Sidecar;
    const freq = s.freq_hz ?? s.freq;
    if (!freq || !s.rate) {
      console.warn(`skip ${relative(REPO, sidecar)}: no frequency/rate`);
      continue;
    }
    writeMeta(file, build(file, freq, s.rate, s));
    n++;
  }
  console.log(`${n} SigMF meta file(s) written`);
}

function cmdValidate(dir: string): void {
  let bad = 0;
  const files = dataFiles(insideOut(dir));
  for (const file of files) {
    const problems = validate(file);
    if (problems.length) {
      bad++;
      console.log(`✗ ${relative(REPO, file)}: ${problems.join('; ')}`);
    }
  }
  console.log(`${files.length - bad}/${files.length} recording(s) valid`);
  process.exitCode = bad ? 1 : 0;
}

function main(): void {
  const [cmd, ...rest] = process.argv.slice(2);
  switch (cmd) {
    case 'annotate': cmdAnnotate(rest); break;
    case 'from-sidecar': cmdFromSidecar(rest[0] ?? 'out/iq'); break;
    case 'validate': cmdValidate(rest[0] ?? 'out/iq'); break;
    default: throw new Error('usage: sigmf.ts annotate FILE --freq F --rate R | from-sidecar DIR | validate DIR');
  }
}

try {
  main();
} catch (err) {
  console.error(`sigmf: ${(err as Error).message}`);
  process.exit(1);
}

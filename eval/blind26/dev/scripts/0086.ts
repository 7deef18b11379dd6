#!/usr/bin/env -S npx tsx
// tools/audio-fixtures.ts - build the audio test fixtures for the speech
// pipeline's regression tests.
//
//   npx tsx tools/audio-fixtures.ts normalise          # from test/fixtures/raw
//   npx tsx tools/audio-fixtures.ts record --seconds 8 # new calibration clip
//   npx tsx tools/audio-fixtures.ts check
//
// `record` captures from the default PulseAudio/PipeWire source with
// ffmpeg -f pulse into test/fixtures/raw/ and only runs when asked for
// explicitly; the clip stays in the repo folder (nothing is uploaded).
// `normalise` turns raw clips into 16 kHz mono 16-bit WAV with sox (loudness
// normalised, leading/trailing silence trimmed) and writes a manifest with
// durations and checksums that the tests compare against.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const RAW = join(ROOT, 'test', 'fixtures', 'raw');
const OUT = join(ROOT, 'test', 'fixtures', 'audio');
const MANIFEST = join(OUT, 'manifest.json');
const AUDIO_EXT = new Set(['.wav', '.flac', '.ogg', '.mp3', '.m4a']);

interface Entry {
  file: string;
  source: string;
  seconds: number;
  sha256: string;
  peakDb: number;
}

function run(cmd: string, args: string[], allowFail = false): string {
  const res = spawnSync(cmd, args, { encoding: 'utf8' });
  if (res.error) throw new Error(`${cmd} not available: ${res.error.message}`);
  if (res.status !== 0 && !allowFail) {
    throw new Error(`${cmd} ${args.slice(0, 3).join(' ')} failed: ${(res.stderr || '').split('\n').slice(-3).join(' ')}`);
  }
  return `${res.stdout}${res.stderr}`;
}

function requireTools(...tools: string[]): void {
  for (const t of tools) {
    const res = spawnSync(t, ['--version'], { encoding: 'utf8' });
    if (res.error) throw new Error(`${t} is required`);
  }
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function duration(file: string): number {
  return Number(run('soxi', ['-D', file]).trim());
}

function peakDb(file: string): number {
  const stats = run('sox', [file, '-n', 'stats'], true);
  const m = /Pk lev dB\s+(-?[\d.]+)/.exec(stats);
  return m ? Number(m[1]) : 0;
}

function slug(name: string): string {
  return basename(name, extname(name)).toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

function record(seconds: number, label: string): string {
  if (!(seconds > 0 && seconds <= 60)) throw new Error('--seconds must be between 1 and 60');
  mkdirSync(RAW, { recursive: true });
  const target = join(RAW, `${slug(label)}-${new Date().toISOString().slice(0, 10)}.wav`);
  const tmp = `${target}.part.wav`;
  console.log(`recording ${seconds}s from the default input into ${target.replace(ROOT + '/', '')}…`);
  console.log('speak the calibration sentence from test/fixtures/README.md');
  try {
    run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'pulse', '-i', 'default', '-t', String(seconds), '-ac', '1', '-ar', '48000', '-y', tmp]);
    renameSync(tmp, target);
  } finally {
    rmSync(tmp, { force: true });
  }
  return target;
}

function normaliseOne(src: string): Entry {
  const out = join(OUT, `${slug(src)}.wav`);
  const tmp = `${out}.tmp.wav`;
  try {
    run('sox', [
      src, '-r', '16000', '-c', '1', '-b', '16', tmp,
      'silence', '1', '0.1', '0.5%', 'reverse', 'silence', '1', '0.1', '0.5%', 'reverse',
      'norm', '-3',
    ]);
    renameSync(tmp, out);
  } finally {
    rmSync(tmp, { force: true });
  }
  return {
    file: basename(out),
    source: basename(src),
    seconds: Number(duration(out).toFixed(3)),
    sha256: sha256(out),
    peakDb: peakDb(out),
  };
}

function normaliseAll(): Entry[] {
  if (!existsSync(RAW)) throw new Error('test/fixtures/raw does not exist');
  mkdirSync(OUT, { recursive: true });
  const sources = readdirSync(RAW).filter((f) => AUDIO_EXT.has(extname(f).toLowerCase())).sort();
  const entries: Entry[] = [];
  for (const s of sources) {
    const e = normaliseOne(join(RAW, s));
    entries.push(e);
    console.log(`${e.file.padEnd(40)} ${e.seconds.toFixed(2).padStart(6)}s  peak ${e.peakDb} dB`);
  }
  // drop normalised files whose raw source is gone (only .wav we generated)
  const wanted = new Set(entries.map((e) => e.file));
  for (const f of readdirSync(OUT)) {
    if (f.endsWith('.wav') && !wanted.has(f)) {
      rmSync(join(OUT, f));
      console.log(`removed stale ${f}`);
    }
  }
  writeFileSync(MANIFEST, JSON.stringify(entries, null, 2) + '\n');
  return entries;
}

function check(): number {
  if (!existsSync(MANIFEST)) throw new Error('no manifest; run normalise first');
  const entries = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Entry[];
  let bad = 0;
  for (const e of entries) {
    const file = join(OUT, e.file);
    const problems: string[] = [];
    if (!existsSync(file)) problems.push('missing');
    else {
      if (sha256(file) !== e.sha256) problems.push('checksum differs');
      const info = run('soxi', [file]);
      if (!/Sample Rate\s*:\s*16000/.test(info)) problems.push('not 16 kHz');
      if (!/Channels\s*:\s*1/.test(info)) problems.push('not mono');
      if (e.peakDb > -2.5) problems.push(`peak ${e.peakDb} dB too hot`);
    }
    if (problems.length) {
      bad++;
      console.log(`✗ ${e.file}: ${problems.join(', ')}`);
    }
  }
  console.log(`${entries.length - bad}/${entries.length} fixture(s) ok`);
  return bad ? 1 : 0;
}

function main(): void {
  const [cmd, ...rest] = process.argv.slice(2);
  const flag = (name: string, def: string) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : def;
  };
  switch (cmd) {
    case 'record': {
      requireTools('ffmpeg', 'sox');
      const file = record(Number(flag('--seconds', '8')), flag('--label', 'calibration'));
      console.log(`saved ${basename(file)}; run "normalise" to add it to the fixtures`);
      break;
    }
    case 'normalise':
      requireTools('sox');
      normaliseAll();
      break;
    case 'check':
      requireTools('sox');
      process.exitCode = check();
      break;
    default:
      console.log('usage: audio-fixtures.ts <record|normalise|check> [--seconds N] [--label name]');
      process.exitCode = 2;
  }
}

try {
  main();
} catch (err) {
  console.error(`audio-fixtures: ${(err as Error).message}`);
  process.exitCode = 1;
}

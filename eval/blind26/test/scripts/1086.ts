#!/usr/bin/env -S npx tsx
// tools/subs.ts - clean up whisper SRT subtitles for the tutorial videos and
// render a preview with burned-in subtitles.
//
// Usage
//   npx tsx tools/subs.ts build/subs/ep12.srt                 # clean -> subs/ep12.srt
//   npx tsx tools/subs.ts build/subs/ep12.srt --preview video/ep12.mp4
//
// Cleaning
//   - merges cues shorter than 0.8 s into the previous cue
//   - splits cues longer than 84 characters at a word boundary (2 lines max)
//   - applies glossary.json (product names whisper keeps misspelling)
//   - removes filler-only cues ("uh", "um", "you know")
//   - renumbers and normalises the time format
//
// Preview: ffmpeg burns the cleaned subtitles into a 30-second clip at
// build/preview/<name>.mp4. Temporary files go to a mkdtemp dir that is
// removed afterwards.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const OUT_DIR = join(ROOT, 'subs');
const PREVIEW_DIR = join(ROOT, 'build', 'preview');
const GLOSSARY = join(ROOT, 'glossary.json');
const MAX_CHARS = 84;
const MIN_DURATION = 0.8;
const FILLERS = new Set(['uh', 'um', 'uhm', 'erm', 'you know', 'like']);

interface Cue {
  start: number;
  end: number;
  text: string;
}

function parseTime(t: string): number {
  const m = /^(\d+):(\d{2}):(\d{2})[,.](\d{3})$/.exec(t.trim());
  if (!m) throw new Error(`bad timestamp ${t}`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

function formatTime(s: number): string {
  const ms = Math.round(s * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const sec = Math.floor((ms % 60_000) / 1000);
  const rest = ms % 1000;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(sec)},${pad(rest, 3)}`;
}

function parseSrt(text: string): Cue[] {
  const blocks = text.replace(/\r/g, '').trim().split(/\n\s*\n/);
  const cues: Cue[] = [];
  for (const b of blocks) {
    const lines = b.split('\n');
    const timing = lines.find((l) => l.includes('-->'));
    if (!timing) continue;
    const [a, z] = timing.split('-->');
    const textLines = lines.slice(lines.indexOf(timing) + 1);
    cues.push({ start: parseTime(a), end: parseTime(z), text: textLines.join(' ').trim() });
  }
  return cues;
}

function glossary(): [RegExp, string][] {
  if (!existsSync(GLOSSARY)) return [];
  const map = JSON.parse(readFileSync(GLOSSARY, 'utf8')) as Record<string, string>;
  return Object.entries(map).map(([wrong, right]) => [new RegExp(`\\b${wrong.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'gi'), right]);
}

function isFiller(text: string): boolean {
  const t = text.toLowerCase().replace(/[.,!?…]/g, '').trim();
  return t === '' || FILLERS.has(t);
}

function wrap(text: string): string {
  if (text.length <= MAX_CHARS / 2) return text;
  const mid = Math.floor(text.length / 2);
  let cut = text.lastIndexOf(' ', mid);
  if (cut < 10) cut = text.indexOf(' ', mid);
  return cut > 0 ? `${text.slice(0, cut)}\n${text.slice(cut + 1)}` : text;
}

function splitLong(c: Cue): Cue[] {
  if (c.text.length <= MAX_CHARS) return [c];
  const words = c.text.split(' ');
  const half = Math.ceil(words.length / 2);
  const first = words.slice(0, half).join(' ');
  const second = words.slice(half).join(' ');
  const t = c.start + (c.end - c.start) * (first.length / c.text.length);
  return [...splitLong({ start: c.start, end: t, text: first }), ...splitLong({ start: t, end: c.end, text: second })];
}

function clean(cues: Cue[]): { cues: Cue[]; stats: Record<string, number> } {
  const stats = { fillers: 0, merged: 0, split: 0, glossary: 0 };
  const rules = glossary();
  const kept: Cue[] = [];
  for (const c of cues) {
    let text = c.text;
    for (const [re, right] of rules) {
      const next = text.replace(re, right);
      if (next !== text) stats.glossary++;
      text = next;
    }
    if (isFiller(text)) {
      stats.fillers++;
      continue;
    }
    const cue = { ...c, text };
    const prev = kept[kept.length - 1];
    if (prev && cue.end - cue.start < MIN_DURATION && prev.text.length + cue.text.length < MAX_CHARS) {
      prev.end = cue.end;
      prev.text = `${prev.text} ${cue.text}`;
      stats.merged++;
      continue;
    }
    kept.push(cue);
  }
  const out: Cue[] = [];
  for (const c of kept) {
    const parts = splitLong(c);
    if (parts.length > 1) stats.split += parts.length - 1;
    out.push(...parts);
  }
  return { cues: out, stats };
}

function toSrt(cues: Cue[]): string {
  return cues.map((c, i) => `${i + 1}\n${formatTime(c.start)} --> ${formatTime(c.end)}\n${wrap(c.text)}\n`).join('\n');
}

function preview(video: string, srt: string, name: string): string {
  mkdirSync(PREVIEW_DIR, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'subs-'));
  try {
    const localSrt = join(tmp, 'subs.srt');
    copyFileSync(srt, localSrt);
    const out = join(PREVIEW_DIR, `${name}.mp4`);
    const res = spawnSync(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-y', '-ss', '0', '-t', '30', '-i', video,
        '-vf', `subtitles=${localSrt}:force_style='FontName=Inter,FontSize=22,Outline=2'`,
        '-c:a', 'copy', out],
      { stdio: 'inherit' },
    );
    if (res.status !== 0) throw new Error('ffmpeg failed to render the preview');
    return out;
  } finally {
    rmSync(tmp, { force: true, recursive: true });
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const input = args.find((a) => a.endsWith('.srt'));
  if (!input || !existsSync(input)) throw new Error('usage: subs.ts <file.srt> [--preview video.mp4]');
  const pIdx = args.indexOf('--preview');
  const video = pIdx >= 0 ? args[pIdx + 1] : null;
  const name = basename(input, '.srt');
  const { cues, stats } = clean(parseSrt(readFileSync(input, 'utf8')));
  mkdirSync(OUT_DIR, { recursive: true });
  const target = join(OUT_DIR, `${name}.srt`);
  writeFileSync(target, toSrt(cues));
  console.log(`${cues.length} cue(s) -> subs/${name}.srt (${Object.entries(stats).map(([k, v]) => `${k} ${v}`).join(', ')})`);
  if (video) {
    if (!existsSync(video)) throw new Error(`video ${video} not found`);
    console.log(`preview: ${preview(video, target, name)}`);
  }
}

try {
  main();
} catch (err) {
  console.error(`subs: ${(err as Error).message}`);
  process.exitCode = 1;
}

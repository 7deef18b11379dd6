/**
 * scripts/waveforms.ts — generate waveform data and normalised MP3 previews for the
 * sample library of `loopdeck`.
 *
 * For each file in library/samples/**\/*.wav:
 *   library/previews/<id>.mp3     30 s preview, loudness normalised, 128 kbit/s
 *   library/waveforms/<id>.json   peaks from `audiowaveform` (8 bit, 256 px/s)
 *   library/index.json            id, title, bpm (from the file name), duration
 *
 * ffmpeg / ffprobe / audiowaveform are called with argument arrays. Work files go
 * to a temp dir that is always removed. Up-to-date outputs are skipped.
 *
 * Notes:
 *  - Sample file names follow "<title>_<bpm>bpm_<key>.wav"; bpm and key are
 *    parsed from the name and are optional.
 *  - Previews are capped at 30 s and faded out over the last 1.5 s so the web
 *    player never cuts off in the middle of a transient.
 *  - audiowaveform only accepts 16-bit PCM, hence the conversion step; the
 *    converted copy lives in a per-file temp dir that is removed in `finally`.
 *  - Outputs whose source sample was deleted are removed at the end (stale).
 *  - Install the tools with: brew install ffmpeg audiowaveform
 *    (or apt install ffmpeg audiowaveform on Ubuntu 22.04+).
 *  - PARALLEL is capped at 6; ffmpeg already uses several threads per file.
 *  - library/index.json is consumed by the web app's sample browser and is
 *    regenerated completely on every run.
 *  - Loudness target for previews is -14 LUFS, matching the streaming players.
 *  - Sample ids are derived from the path under library/samples, lower-cased.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);
const LIB = path.resolve(__dirname, "..", "library");
const SAMPLES = path.join(LIB, "samples");
const PREVIEWS = path.join(LIB, "previews");
const WAVEFORMS = path.join(LIB, "waveforms");
const PARALLEL = Math.max(1, Math.min(6, os.cpus().length - 1));

interface Entry {
  id: string;
  title: string;
  bpm: number | null;
  key: string | null;
  duration: number;
  preview: string;
  waveform: string;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full)); // packs have sub-folders
    else if (/\.(wav|aiff?|flac)$/i.test(name)) out.push(full);
  }
  return out.sort();
}

function idFor(file: string): string {
  return path
    .relative(SAMPLES, file)
    .replace(/\.[^.]+$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function parseName(file: string): { title: string; bpm: number | null; key: string | null } {
  const base = path.basename(file).replace(/\.[^.]+$/, "");
  const bpm = /(\d{2,3})\s?bpm/i.exec(base);
  const key = /\b([A-G](?:#|b)?m?)\b/.exec(base);
  return {
    title: base.replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim(),
    bpm: bpm ? Number(bpm[1]) : null,
    key: key ? key[1] : null,
  };
}

async function duration(file: string): Promise<number> {
  const { stdout } = await exec("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]);
  return Number(stdout.trim());
}

function fresh(output: string, input: string): boolean {
  return existsSync(output) && statSync(output).mtimeMs >= statSync(input).mtimeMs;
}

async function preview(input: string, out: string, dur: number): Promise<void> {
  const length = Math.min(30, dur);
  const fadeStart = Math.max(0, length - 1.5);
  await exec("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-y",
    "-i", input,
    "-t", String(length),
    "-af", `loudnorm=I=-14:TP=-1:LRA=9,afade=t=out:st=${fadeStart}:d=1.5`,
    "-c:a", "libmp3lame", "-b:a", "128k", "-ar", "44100",
    out,
  ]);
}

async function waveform(input: string, out: string, tmp: string): Promise<void> {
  // audiowaveform wants 16-bit wav; convert first into the temp dir
  const wav = path.join(tmp, "in.wav");
  await exec("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", input, "-ac", "1", "-sample_fmt", "s16", wav]);
  await exec("audiowaveform", ["-i", wav, "-o", out, "--pixels-per-second", "256", "--bits", "8"]);
}

async function processOne(file: string): Promise<Entry> {
  const id = idFor(file);
  const meta = parseName(file);
  const dur = await duration(file);
  const mp3 = path.join(PREVIEWS, `${id}.mp3`);
  const json = path.join(WAVEFORMS, `${id}.json`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), "loopdeck-"));
  try {
    if (!fresh(mp3, file)) await preview(file, mp3, dur);
    if (!fresh(json, file)) await waveform(file, json, tmp);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return { id, ...meta, duration: Math.round(dur * 100) / 100, preview: `previews/${id}.mp3`, waveform: `waveforms/${id}.json` };
}

async function inBatches<T, R>(items: T[], n: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (i < items.length) {
        const idx = i++;
        out[idx] = await fn(items[idx]);
      }
    }),
  );
  return out;
}

function removeStale(ids: Set<string>): number {
  let removed = 0;
  for (const [dir, ext] of [[PREVIEWS, ".mp3"], [WAVEFORMS, ".json"]] as const) {
    for (const f of readdirSync(dir)) {
      if (f.endsWith(ext) && !ids.has(f.slice(0, -ext.length))) {
        rmSync(path.join(dir, f));
        removed++;
      }
    }
  }
  return removed;
}

async function checkTools(): Promise<void> {
  for (const tool of ["ffmpeg", "ffprobe", "audiowaveform"]) {
    try {
      await exec(tool, tool === "audiowaveform" ? ["--version"] : ["-version"]);
    } catch {
      throw new Error(`${tool} not found on PATH`);
    }
  }
}

async function main(): Promise<void> {
  await checkTools();
  for (const d of [PREVIEWS, WAVEFORMS]) mkdirSync(d, { recursive: true });
  const files = walk(SAMPLES);
  console.log(`${files.length} sample(s), ${PARALLEL} in parallel`);
  const started = Date.now();
  const entries = await inBatches(files, PARALLEL, processOne);
  writeFileSync(path.join(LIB, "index.json"), JSON.stringify(entries, null, 2) + "\n");
  const removed = removeStale(new Set(entries.map((e) => e.id)));
  const withBpm = entries.filter((e) => e.bpm).length;
  console.log(`indexed ${entries.length} (${withBpm} with bpm), removed ${removed} stale output(s) in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

main().catch((err: Error & { stderr?: string }) => {
  console.error(err.stderr || err.message);
  process.exit(1);
});

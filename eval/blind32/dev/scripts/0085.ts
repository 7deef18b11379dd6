/**
 * subs-pipeline.ts - prepare subtitles for the course videos.
 *
 * For every build/videos/<lesson>.mp4:
 *   1. find subs/<lesson>.<lang>.srt (translator deliveries)
 *   2. normalise: UTF-8, strip BOM, renumber cues, fix overlapping cues,
 *      enforce max 42 chars per line / 2 lines (re-wrap), drop empty cues
 *   3. align to the audio with ffsubsync (skipped with --no-sync)
 *   4. write build/subs/<lesson>.<lang>.srt and .vtt and a QC report
 *
 * External tools are run with execFile (argv arrays).  A temp dir per lesson
 * is removed at the end; Ctrl-C terminates the ffsubsync child started here.
 */
import { ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const VIDEOS = path.join(ROOT, "build", "videos");
const SUBS_IN = path.join(ROOT, "subs");
const SUBS_OUT = path.join(ROOT, "build", "subs");
const MAX_CHARS = 42;
const MAX_LINES = 2;

interface Cue {
  start: number;
  end: number;
  lines: string[];
}

let child: ChildProcess | null = null;
process.on("SIGINT", () => {
  child?.kill("SIGTERM");
  process.exit(130);
});

function parseTime(t: string): number {
  const m = /(\d+):(\d+):(\d+)[,.](\d+)/.exec(t);
  if (!m) throw new Error(`bad timestamp ${t}`);
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4].padEnd(3, "0").slice(0, 3));
}

function formatTime(ms: number, sep: "," | "."): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${sep}${pad(ms % 1000, 3)}`;
}

function parseSrt(text: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of text.replace(/^\uFEFF/, "").replace(/\r/g, "").split(/\n{2,}/)) {
    const lines = block.split("\n").filter((l) => l.length);
    const timing = lines.findIndex((l) => l.includes("-->"));
    if (timing < 0) continue;
    const [a, b] = lines[timing].split("-->").map((s) => s.trim());
    cues.push({ start: parseTime(a), end: parseTime(b), lines: lines.slice(timing + 1) });
  }
  return cues.sort((x, y) => x.start - y.start);
}

function wrap(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = "";
  for (const w of words) {
    if ((line + " " + w).trim().length > MAX_CHARS && line) {
      out.push(line);
      line = w;
    } else {
      line = (line + " " + w).trim();
    }
  }
  if (line) out.push(line);
  return out;
}

function normalise(cues: Cue[]): { cues: Cue[]; notes: string[] } {
  const notes: string[] = [];
  const out: Cue[] = [];
  for (const cue of cues) {
    const text = cue.lines.join(" ").replace(/<[^>]+>/g, "").trim();
    if (!text) {
      notes.push(`dropped empty cue at ${formatTime(cue.start, ",")}`);
      continue;
    }
    let lines = cue.lines.every((l) => l.length <= MAX_CHARS) && cue.lines.length <= MAX_LINES ? cue.lines : wrap(text);
    if (lines.length > MAX_LINES) {
      notes.push(`cue at ${formatTime(cue.start, ",")} needs ${lines.length} lines`);
      lines = [lines.slice(0, -1).join(" "), lines[lines.length - 1]];
    }
    const prev = out[out.length - 1];
    if (prev && prev.end > cue.start) {
      notes.push(`overlap fixed at ${formatTime(cue.start, ",")}`);
      prev.end = cue.start - 1;
    }
    out.push({ start: cue.start, end: Math.max(cue.end, cue.start + 700), lines });
  }
  return { cues: out, notes };
}

function toSrt(cues: Cue[]): string {
  return cues.map((c, i) => `${i + 1}\n${formatTime(c.start, ",")} --> ${formatTime(c.end, ",")}\n${c.lines.join("\n")}\n`)
    .join("\n");
}

function toVtt(cues: Cue[]): string {
  return "WEBVTT\n\n" + cues.map((c) => `${formatTime(c.start, ".")} --> ${formatTime(c.end, ".")}\n${c.lines.join("\n")}\n`)
    .join("\n");
}

function runSync(video: string, input: string, output: string): Promise<void> {
  return new Promise((resolve, reject) => {
    child = spawn("ffsubsync", [video, "-i", input, "-o", output, "--max-offset-seconds", "30"], { stdio: "ignore" });
    child.on("error", reject);
    child.on("close", (code) => {
      child = null;
      if (code === 0) resolve();
      else reject(new Error(`ffsubsync exited with ${code}`));
    });
  });
}

async function videoDurationMs(video: string): Promise<number> {
  const { stdout } = await execFileP("ffprobe", ["-v", "error", "-show_entries", "format=duration",
    "-of", "default=nw=1:nk=1", video]);
  return Math.round(Number.parseFloat(stdout) * 1000);
}

async function processLesson(lesson: string, sync: boolean): Promise<string[]> {
  const video = path.join(VIDEOS, `${lesson}.mp4`);
  const inputs = readdirSync(SUBS_IN).filter((f) => f.startsWith(`${lesson}.`) && f.endsWith(".srt"));
  const report: string[] = [];
  const duration = await videoDurationMs(video);
  const tmp = mkdtempSync(path.join(os.tmpdir(), `subs-${lesson}-`));
  try {
    for (const input of inputs) {
      const lang = input.split(".").slice(-2, -1)[0];
      const { cues, notes } = normalise(parseSrt(readFileSync(path.join(SUBS_IN, input), "utf8")));
      const cleaned = path.join(tmp, `${lang}.srt`);
      writeFileSync(cleaned, toSrt(cues));
      let final = cues;
      if (sync) {
        const synced = path.join(tmp, `${lang}.synced.srt`);
        await runSync(video, cleaned, synced);
        final = parseSrt(readFileSync(synced, "utf8"));
      }
      const late = final.filter((c) => c.end > duration).length;
      if (late) notes.push(`${late} cue(s) end after the video`);
      writeFileSync(path.join(SUBS_OUT, `${lesson}.${lang}.srt`), toSrt(final));
      writeFileSync(path.join(SUBS_OUT, `${lesson}.${lang}.vtt`), toVtt(final));
      report.push(`${lesson}.${lang}: ${final.length} cues${notes.length ? `; ${notes.join("; ")}` : ""}`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return report;
}

// Entry point: every lesson video in build/videos gets its subtitles processed;
// lessons without subtitle deliveries are simply skipped.
async function main(): Promise<void> {
  const sync = !process.argv.includes("--no-sync");
  if (!existsSync(VIDEOS)) throw new Error("build/videos missing; render the videos first");
  mkdirSync(SUBS_OUT, { recursive: true });
  const lessons = readdirSync(VIDEOS).filter((f) => f.endsWith(".mp4")).map((f) => f.replace(/\.mp4$/, ""));
  const report: string[] = [];
  for (const lesson of lessons) report.push(...(await processLesson(lesson, sync)));
  writeFileSync(path.join(SUBS_OUT, "qc-report.txt"), report.join("\n") + "\n");
  for (const line of report) console.log(line);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});

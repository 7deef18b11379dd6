/**
 * tools/hls.ts — package lecture recordings as HLS for the course player.
 *
 * For each input video: probe it, encode an adaptive ladder with ffmpeg (argv
 * arrays from LADDER, no shell), write segments + variant playlists + master.m3u8
 * into media/hls/<slug>/, generate a thumbnail sprite + WebVTT for scrubbing, and
 * finally remove the temporary work directory. Existing output for a slug is
 * replaced only after the new one finished successfully.
 *
 *   tsx tools/hls.ts media/raw/lecture-01.mp4 [more files...]
 *   tsx tools/hls.ts --all            every file in media/raw/
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const RAW = path.join(ROOT, "media", "raw");
const OUT = path.join(ROOT, "media", "hls");

interface Rung {
  name: string;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

const LADDER: Rung[] = [
  { name: "1080p", height: 1080, videoKbps: 5000, audioKbps: 160 },
  { name: "720p", height: 720, videoKbps: 2800, audioKbps: 128 },
  { name: "480p", height: 480, videoKbps: 1200, audioKbps: 96 },
  { name: "360p", height: 360, videoKbps: 700, audioKbps: 64 },
];
const SEGMENT_SECONDS = 6;
const THUMB_EVERY = 10;

interface Probe {
  width: number;
  height: number;
  duration: number;
  fps: number;
}

function probe(file: string): Probe {
  const res = spawnSync(
    "ffprobe",
    ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height,r_frame_rate:format=duration", "-of", "json", file],
    { encoding: "utf8" },
  );
  if (res.status !== 0) throw new Error(`ffprobe failed for ${file}: ${res.stderr}`);
  const j = JSON.parse(res.stdout) as { streams: { width: number; height: number; r_frame_rate: string }[]; format: { duration: string } };
  const [num, den] = j.streams[0].r_frame_rate.split("/").map(Number);
  return { width: j.streams[0].width, height: j.streams[0].height, duration: Number(j.format.duration), fps: num / (den || 1) };
}

function slug(file: string): string {
  return path.basename(file, path.extname(file)).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

function ladderFor(p: Probe): Rung[] {
  const rungs = LADDER.filter((r) => r.height <= p.height);
  return rungs.length ? rungs : [LADDER[LADDER.length - 1]];
}

function encodeArgs(input: string, work: string, rungs: Rung[], p: Probe): string[] {
  const gop = Math.round(p.fps * SEGMENT_SECONDS);
  const args = ["-hide_banner", "-loglevel", "error", "-y", "-i", input];
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[v${i}]`).join("")}`;
  const scales = rungs.map((r, i) => `[v${i}]scale=-2:${r.height}[v${i}o]`).join(";");
  args.push("-filter_complex", `${split};${scales}`);
  rungs.forEach((r, i) => {
    args.push(
      "-map", `[v${i}o]`, `-c:v:${i}`, "libx264", `-b:v:${i}`, `${r.videoKbps}k`,
      `-maxrate:v:${i}`, `${Math.round(r.videoKbps * 1.1)}k`, `-bufsize:v:${i}`, `${r.videoKbps * 2}k`,
      "-map", "a:0?", `-c:a:${i}`, "aac", `-b:a:${i}`, `${r.audioKbps}k`,
    );
  });
  args.push(
    "-preset", "veryfast", "-g", String(gop), "-keyint_min", String(gop), "-sc_threshold", "0",
    "-f", "hls", "-hls_time", String(SEGMENT_SECONDS), "-hls_playlist_type", "vod",
    "-hls_segment_filename", path.join(work, "%v", "seg_%04d.ts"),
    "-master_pl_name", "master.m3u8",
    "-var_stream_map", rungs.map((r, i) => `v:${i},a:${i},name:${r.name}`).join(" "),
    path.join(work, "%v", "index.m3u8"),
  );
  return args;
}

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("ffmpeg", args, { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
  });
}

async function thumbnails(input: string, work: string, p: Probe): Promise<void> {
  const cols = 10;
  const count = Math.max(1, Math.ceil(p.duration / THUMB_EVERY));
  const rows = Math.ceil(count / cols);
  await ffmpeg([
    "-hide_banner", "-loglevel", "error", "-y", "-i", input,
    "-vf", `fps=1/${THUMB_EVERY},scale=160:-2,tile=${cols}x${rows}`,
    "-frames:v", "1", path.join(work, "thumbs.jpg"),
  ]);
  const thumbH = Math.round((160 * p.height) / p.width);
  const lines = ["WEBVTT", ""];
  for (let i = 0; i < count; i++) {
    const start = i * THUMB_EVERY;
    const end = Math.min(p.duration, start + THUMB_EVERY);
    const x = (i % cols) * 160;
    const y = Math.floor(i / cols) * thumbH;
    lines.push(`${ts(start)} --> ${ts(end)}`, `thumbs.jpg#xywh=${x},${y},160,${thumbH}`, "");
  }
  writeFileSync(path.join(work, "thumbs.vtt"), lines.join("\n"));
}

function ts(sec: number): string {
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const s = (sec % 60).toFixed(3).padStart(6, "0");
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${s}`;
}

async function packageOne(input: string): Promise<void> {
  const p = probe(input);
  const name = slug(input);
  const rungs = ladderFor(p);
  const work = mkdtempSync(path.join(os.tmpdir(), `hls-${name}-`));
  try {
    for (const r of rungs) mkdirSync(path.join(work, r.name), { recursive: true });
    console.log(`${name}: ${p.width}x${p.height} ${p.duration.toFixed(0)}s -> ${rungs.map((r) => r.name).join(", ")}`);
    await ffmpeg(encodeArgs(input, work, rungs, p));
    await thumbnails(input, work, p);
    const dest = path.join(OUT, name);
    mkdirSync(OUT, { recursive: true });
    if (existsSync(dest)) rmSync(dest, { recursive: true, force: true });
    renameSync(work, dest);
    console.log(`  -> ${path.relative(ROOT, dest)}/master.m3u8`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Rebuild media/hls/index.json, which the course player fetches on start. */
function writeIndex(): void {
  if (!existsSync(OUT)) return;
  const entries = readdirSync(OUT)
    .filter((d) => existsSync(path.join(OUT, d, "master.m3u8")))
    .sort()
    .map((d) => ({
      slug: d,
      master: `/media/hls/${d}/master.m3u8`,
      thumbnails: existsSync(path.join(OUT, d, "thumbs.vtt")) ? `/media/hls/${d}/thumbs.vtt` : null,
    }));
  writeFileSync(path.join(OUT, "index.json"), JSON.stringify(entries, null, 2) + "\n");
  console.log(`index: ${entries.length} lecture(s)`);
}

function checkTools(): void {
  for (const bin of ["ffmpeg", "ffprobe"]) {
    if (spawnSync(bin, ["-version"], { stdio: "ignore" }).status !== 0) {
      throw new Error(`${bin} not found on PATH`);
    }
  }
}

async function main(): Promise<void> {
  checkTools();
  const args = process.argv.slice(2);
  const inputs = args.includes("--all")
    ? readdirSync(RAW).filter((f) => /\.(mp4|mov|mkv)$/i.test(f)).map((f) => path.join(RAW, f))
    : args.filter((a) => !a.startsWith("--")).map((a) => path.resolve(a));
  if (!inputs.length) throw new Error("no input files");
  for (const input of inputs) await packageOne(input);
  writeIndex();
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});

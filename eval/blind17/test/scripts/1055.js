#!/usr/bin/env node
// scripts/video-previews.js — hover previews for the video library of `clipyard`.
//
// For every video in uploads/videos/ (the local dev uploads), produce:
//   previews/<id>/poster.jpg        frame at 15 %
//   previews/<id>/scrub.webp        animated 6-frame preview, 320 px wide
//   previews/<id>/sprite.jpg        10x10 thumbnail sprite + sprite.vtt
// ffmpeg/ffprobe run through execFile with argument arrays; each job gets a temp
// dir removed afterwards. Concurrency is limited to avoid thrashing the laptop.
'use strict';

const { execFile } = require('node:child_process');
const fs = require('node:fs/promises');
const { existsSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { promisify } = require('node:util');

const run = promisify(execFile);
const root = path.resolve(__dirname, '..');
const videosDir = path.join(root, 'uploads', 'videos');
const previewsDir = path.join(root, 'public', 'previews');
const JOBS = Number(process.env.PREVIEW_JOBS || Math.max(1, Math.floor(os.cpus().length / 2)));
const VIDEO_EXT = /\.(mp4|mov|webm|mkv)$/i;

async function ffprobe(file) {
  const { stdout } = await run('ffprobe', [
    '-v', 'error', '-select_streams', 'v:0',
    '-show_entries', 'stream=width,height:format=duration',
    '-of', 'json', file,
  ]);
  const data = JSON.parse(stdout);
  return {
    duration: Number(data.format.duration),
    width: data.streams[0].width,
    height: data.streams[0].height,
  };
}

function ffmpeg(args) {
  return run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { maxBuffer: 1 << 24 });
}

async function poster(src, info, out) {
  await ffmpeg(['-ss', (info.duration * 0.15).toFixed(2), '-i', src, '-frames:v', '1', '-vf', 'scale=1280:-2', '-q:v', '3', out]);
}

async function scrub(src, info, out, tmp) {
  const frames = 6;
  for (let i = 0; i < frames; i++) {
    const at = (info.duration * (i + 1)) / (frames + 1);
    await ffmpeg(['-ss', at.toFixed(2), '-i', src, '-frames:v', '1', '-vf', 'scale=320:-2', path.join(tmp, `f${i}.png`)]);
  }
  await ffmpeg(['-framerate', '2', '-i', path.join(tmp, 'f%d.png'), '-loop', '0', '-c:v', 'libwebp', '-quality', '70', out]);
}

function vttTime(sec) {
  const h = String(Math.floor(sec / 3600)).padStart(2, '0');
  const m = String(Math.floor((sec % 3600) / 60)).padStart(2, '0');
  const s = (sec % 60).toFixed(3).padStart(6, '0');
  return `${h}:${m}:${s}`;
}

async function sprite(src, info, outDir) {
  const cells = 100;
  const every = Math.max(1, info.duration / cells);
  const tileW = 160;
  const tileH = Math.round((tileW * info.height) / info.width / 2) * 2;
  await ffmpeg(['-i', src, '-vf', `fps=1/${every.toFixed(3)},scale=${tileW}:${tileH},tile=10x10`, '-frames:v', '1', '-q:v', '5', path.join(outDir, 'sprite.jpg')]);
  const lines = ['WEBVTT', ''];
  for (let i = 0; i < cells; i++) {
    const start = i * every;
    if (start >= info.duration) break;
    const x = (i % 10) * tileW;
    const y = Math.floor(i / 10) * tileH;
    lines.push(`${vttTime(start)} --> ${vttTime(Math.min(info.duration, start + every))}`, `sprite.jpg#xywh=${x},${y},${tileW},${tileH}`, '');
  }
  await fs.writeFile(path.join(outDir, 'sprite.vtt'), lines.join('\n'));
}

async function upToDate(src, outDir) {
  const marker = path.join(outDir, 'sprite.vtt');
  if (!existsSync(marker)) return false;
  const [a, b] = await Promise.all([fs.stat(src), fs.stat(marker)]);
  return b.mtimeMs >= a.mtimeMs;
}

async function processVideo(file, force) {
  const id = path.basename(file).replace(VIDEO_EXT, '');
  const outDir = path.join(previewsDir, id);
  if (!force && (await upToDate(file, outDir))) return { id, status: 'cached' };
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), `clipyard-${id}-`));
  try {
    const info = await ffprobe(file);
    await fs.mkdir(outDir, { recursive: true });
    await poster(file, info, path.join(outDir, 'poster.jpg'));
    await scrub(file, info, path.join(outDir, 'scrub.webp'), tmp);
    await sprite(file, info, outDir);
    return { id, status: `${info.width}x${info.height}, ${info.duration.toFixed(0)}s` };
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

async function limit(items, n, fn) {
  const results = [];
  let i = 0;
  const worker = async () => {
    while (i < items.length) {
      const idx = i++;
      try {
        results[idx] = await fn(items[idx]);
      } catch (err) {
        results[idx] = { id: path.basename(items[idx]), status: `FAILED ${err.stderr || err.message}`.trim() };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return results;
}

async function removeOrphans(ids) {
  if (!existsSync(previewsDir)) return 0;
  let removed = 0;
  for (const name of await fs.readdir(previewsDir)) {
    if (!ids.has(name)) {
      await fs.rm(path.join(previewsDir, name), { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Write previews/index.json so the library page can show a preview without
 * probing the file system on every request.
 */
async function writeIndex(results) {
  const index = {};
  for (const r of results) {
    if (r.status.startsWith('FAILED')) continue;
    const dir = path.join(previewsDir, r.id);
    index[r.id] = {
      poster: `/previews/${r.id}/poster.jpg`,
      scrub: `/previews/${r.id}/scrub.webp`,
      sprite: existsSync(path.join(dir, 'sprite.vtt')) ? `/previews/${r.id}/sprite.vtt` : null,
    };
  }
  await fs.writeFile(path.join(previewsDir, 'index.json'), JSON.stringify(index, null, 2));
  return Object.keys(index).length;
}

async function checkTools() {
  for (const tool of ['ffmpeg', 'ffprobe']) {
    try {
      await run(tool, ['-version']);
    } catch {
      console.error(`${tool} is required (brew install ffmpeg / apt install ffmpeg)`);
      process.exit(1);
    }
  }
}

async function main() {
  await checkTools();
  await fs.mkdir(previewsDir, { recursive: true });
  const force = process.argv.slice(2).includes('--force');
  const files = (await fs.readdir(videosDir)).filter((f) => VIDEO_EXT.test(f)).map((f) => path.join(videosDir, f));
  console.log(`${files.length} video(s), ${JOBS} job(s)`);
  const results = await limit(files, JOBS, (f) => processVideo(f, force));
  for (const r of results) console.log(`${r.id.padEnd(36)} ${r.status}`);
  const removed = await removeOrphans(new Set(files.map((f) => path.basename(f).replace(VIDEO_EXT, ''))));
  if (removed) console.log(`removed ${removed} orphaned preview folder(s)`);
  console.log(`index: ${await writeIndex(results)} entr(ies)`);
  if (results.some((r) => r.status.startsWith('FAILED'))) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

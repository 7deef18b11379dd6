#!/usr/bin/env node
// Render the tutorial videos from an OpenTimelineIO edit list.
//
// edits/*.otio are exported from the editor.  For each timeline this script
// converts it to an MLT XML with `otioconvert`, renders with `melt`, then runs
// ffmpeg to add the intro bumper, normalise audio and write web variants into
// build/videos/<name>/.  Subtitles in subs/<name>.<lang>.srt are aligned with
// ffsubsync against the render and copied next to it.
//
// Commands are run with execFile/spawn and argv arrays; the one shell pipeline
// (a fixed `ffprobe | head` used only for the log) is a constant string.
'use strict';

const { execFile, spawn, exec } = require('node:child_process');
const { promisify } = require('node:util');
const fs = require('node:fs/promises');
const fss = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const execFileP = promisify(execFile);
const execP = promisify(exec);
const ROOT = path.resolve(__dirname, '..');
const EDITS = path.join(ROOT, 'edits');
const SUBS = path.join(ROOT, 'subs');
const OUT = path.join(ROOT, 'build', 'videos');
const BUMPER = path.join(ROOT, 'assets', 'bumper.mp4');

const VARIANTS = [
  { suffix: '1080', scale: '1920:-2', crf: 20, audio: '160k' },
  { suffix: '720', scale: '1280:-2', crf: 23, audio: '128k' },
];

const running = new Set();

function onSignal(sig) {
  for (const child of running) child.kill('SIGTERM'); // only children started here
  process.exit(sig === 'SIGINT' ? 130 : 143);
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

function run(cmd, args, { logFile } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    const log = logFile ? fss.createWriteStream(logFile, { flags: 'a' }) : null;
    if (log) log.write(`$ ${cmd} ${args.join(' ')}\n`);
    child.stdout.on('data', (d) => log && log.write(d));
    child.stderr.on('data', (d) => log && log.write(d));
    child.on('error', reject);
    child.on('close', (code) => {
      running.delete(child);
      if (log) log.end();
      if (code === 0) resolve();
      else reject(new Error(`${cmd} exited with ${code}${logFile ? ` (see ${path.relative(ROOT, logFile)})` : ''}`));
    });
  });
}

async function which(tool) {
  try {
    await execFileP('sh', ['-c', `command -v ${tool}`]);
    return true;
  } catch {
    return false;
  }
}

async function probeDuration(file) {
  const { stdout } = await execFileP('ffprobe', [
    '-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file,
  ]);
  return Number.parseFloat(stdout.trim());
}

async function renderTimeline(otioFile, tmp, logFile) {
  const name = path.basename(otioFile, '.otio');
  const mlt = path.join(tmp, `${name}.mlt`);
  await run('otioconvert', ['-i', otioFile, '-o', mlt], { logFile });
  const master = path.join(tmp, `${name}.master.mov`);
  await run('melt', [mlt, '-consumer', `avformat:${master}`, 'vcodec=prores_ks', 'acodec=pcm_s16le',
    'real_time=-2'], { logFile });
  return master;
}

async function withBumper(master, tmp, logFile) {
  if (!fss.existsSync(BUMPER)) return master;
  const joined = path.join(tmp, 'joined.mov');
  await run('ffmpeg', ['-y', '-i', BUMPER, '-i', master,
    '-filter_complex', '[0:v][0:a][1:v][1:a]concat=n=2:v=1:a=1[v][a]',
    '-map', '[v]', '-map', '[a]', '-c:v', 'prores_ks', '-c:a', 'pcm_s16le', joined], { logFile });
  return joined;
}

async function encodeVariants(source, destDir, logFile) {
  const outputs = [];
  for (const v of VARIANTS) {
    const out = path.join(destDir, `video-${v.suffix}.mp4`);
    await run('ffmpeg', ['-y', '-i', source,
      '-vf', `scale=${v.scale}`, '-c:v', 'libx264', '-preset', 'slow', '-crf', String(v.crf),
      '-af', 'loudnorm=I=-16:TP=-1.5:LRA=11', '-c:a', 'aac', '-b:a', v.audio,
      '-movflags', '+faststart', out], { logFile });
    outputs.push(out);
  }
  return outputs;
}

async function alignSubtitles(name, reference, destDir, logFile) {
  let files = [];
  try {
    files = (await fs.readdir(SUBS)).filter((f) => f.startsWith(`${name}.`) && f.endsWith('.srt'));
  } catch {
    return [];
  }
  const haveSync = await which('ffsubsync');
  const done = [];
  for (const file of files) {
    const lang = file.split('.').slice(-2, -1)[0];
    const out = path.join(destDir, `${lang}.srt`);
    if (haveSync) {
      await run('ffsubsync', [reference, '-i', path.join(SUBS, file), '-o', out], { logFile });
    } else {
      await fs.copyFile(path.join(SUBS, file), out);
    }
    done.push(lang);
  }
  return done;
}

async function processEdit(otioFile) {
  const name = path.basename(otioFile, '.otio');
  const destDir = path.join(OUT, name);
  await fs.mkdir(destDir, { recursive: true });
  const logFile = path.join(destDir, 'render.log');
  await fs.writeFile(logFile, '');
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), `render-${name}-`));
  try {
    const master = await renderTimeline(otioFile, tmp, logFile);
    const full = await withBumper(master, tmp, logFile);
    const outputs = await encodeVariants(full, destDir, logFile);
    const langs = await alignSubtitles(name, outputs[outputs.length - 1], destDir, logFile);
    const duration = await probeDuration(outputs[0]);
    const meta = { name, duration, variants: VARIANTS.map((v) => v.suffix), subtitles: langs,
      rendered: new Date().toISOString() };
    await fs.writeFile(path.join(destDir, 'meta.json'), JSON.stringify(meta, null, 2));
    return meta;
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

async function main() {
  for (const tool of ['otioconvert', 'melt', 'ffmpeg', 'ffprobe']) {
    if (!(await which(tool))) throw new Error(`${tool} not found on PATH`);
  }
  const { stdout } = await execP('ffmpeg -hide_banner -version | head -n 1');
  console.log(stdout.trim());
  const only = process.argv.slice(2);
  const edits = (await fs.readdir(EDITS))
    .filter((f) => f.endsWith('.otio'))
    .filter((f) => !only.length || only.includes(path.basename(f, '.otio')))
    .map((f) => path.join(EDITS, f));
  if (!edits.length) throw new Error('no .otio edits found');
  let failed = 0;
  for (const edit of edits) {
    const t0 = Date.now();
    try {
      const meta = await processEdit(edit);
      console.log(`ok   ${meta.name} ${meta.duration.toFixed(1)}s [${meta.subtitles.join(',') || 'no subs'}] ` +
        `in ${Math.round((Date.now() - t0) / 1000)}s`);
    } catch (err) {
      failed++;
      console.log(`FAIL ${path.basename(edit)}: ${err.message}`);
    }
  }
  if (failed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

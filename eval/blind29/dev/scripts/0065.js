#!/usr/bin/env node
// Batch-export MuseScore scores: full score PDF, parts, MusicXML and MP3.
//
//   node tools/mscore-export.js                       # everything in scores/
//   node tools/mscore-export.js scores/quartet.mscz --formats pdf,musicxml
//   node tools/mscore-export.js --watch               # re-export on save
//
// MuseScore 4 is run headless (QT_QPA_PLATFORM=offscreen) with a job file
// (-j) so one process handles all conversions.  Parts are extracted with
// --score-parts-pdf.  The script kills the MuseScore process it started when
// it exceeds --timeout, and on Ctrl-C.  Outputs go to build/scores/<name>/.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const SCORES = path.join(ROOT, 'scores');
const OUT = path.join(ROOT, 'build', 'scores');
const CANDIDATES = ['mscore4portable', 'mscore4', 'mscore', 'musescore'];
const FORMAT_EXT = { pdf: 'pdf', musicxml: 'musicxml', mp3: 'mp3', midi: 'mid', png: 'png' };

let child = null;

function log(msg) {
  console.error(`[mscore] ${msg}`);
}

function findMuseScore() {
  if (process.env.MSCORE) return process.env.MSCORE;
  for (const name of CANDIDATES) {
    try {
      execFileSync('which', [name], { stdio: 'ignore' });
      return name;
    } catch {
      /* try next */
    }
  }
  throw new Error(`MuseScore not found (tried ${CANDIDATES.join(', ')}); set MSCORE=/path/to/binary`);
}

function parseArgs(argv) {
  const opts = { files: [], formats: ['pdf', 'musicxml'], parts: true, timeout: 600, watch: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--formats') opts.formats = argv[++i].split(',').map((s) => s.trim());
    else if (a === '--no-parts') opts.parts = false;
    else if (a === '--timeout') opts.timeout = Number(argv[++i]);
    else if (a === '--watch') opts.watch = true;
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else opts.files.push(path.resolve(a));
  }
  const bad = opts.formats.filter((f) => !FORMAT_EXT[f]);
  if (bad.length) throw new Error(`unsupported format(s): ${bad.join(', ')}`);
  return opts;
}

async function listScores(explicit) {
  if (explicit.length) return explicit;
  const entries = await fsp.readdir(SCORES, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.(mscz|mscx)$/i.test(e.name) && !e.name.startsWith('_'))
    .map((e) => path.join(SCORES, e.name))
    .sort();
}

function outputsFor(score, formats) {
  const name = path.basename(score).replace(/\.(mscz|mscx)$/i, '');
  const dir = path.join(OUT, name);
  return { name, dir, out: formats.map((f) => path.join(dir, `${name}.${FORMAT_EXT[f]}`)) };
}

async function upToDate(score, outputs) {
  const src = await fsp.stat(score);
  for (const o of outputs) {
    try {
      if ((await fsp.stat(o)).mtimeMs < src.mtimeMs) return false;
    } catch {
      return false;
    }
  }
  return true;
}

function runMuseScore(bin, args, timeoutSec) {
  return new Promise((resolve, reject) => {
    child = spawn(bin, args, {
      env: { ...process.env, QT_QPA_PLATFORM: 'offscreen', XDG_RUNTIME_DIR: os.tmpdir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
      if (stderr.length > 20000) stderr = stderr.slice(-20000);
    });
    const timer = setTimeout(() => {
      log(`timeout after ${timeoutSec}s, killing pid ${child.pid}`);
      child.kill('SIGKILL');
    }, timeoutSec * 1000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      child = null;
      if (code === 0) resolve();
      else reject(new Error(`MuseScore exited with ${code ?? signal}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

async function exportAll(bin, opts) {
  const scores = await listScores(opts.files);
  const jobs = [];
  for (const score of scores) {
    const { name, dir, out } = outputsFor(score, opts.formats);
    if (await upToDate(score, out)) {
      log(`${name}: up to date`);
      continue;
    }
    await fsp.mkdir(dir, { recursive: true });
    jobs.push({ in: score, out });
  }
  if (!jobs.length) return 0;

  const tmpDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'mscore-'));
  try {
    const jobFile = path.join(tmpDir, 'jobs.json');
    await fsp.writeFile(jobFile, JSON.stringify(jobs, null, 2));
    log(`converting ${jobs.length} score(s) → ${opts.formats.join(', ')}`);
    await runMuseScore(bin, ['-j', jobFile], opts.timeout);
    if (opts.parts) {
      for (const job of jobs) {
        const { name, dir } = outputsFor(job.in, []);
        await runMuseScore(bin, ['--score-parts-pdf', '-o', path.join(dir, `${name}-parts.json`), job.in], opts.timeout);
        await splitParts(path.join(dir, `${name}-parts.json`), dir, name);
      }
    }
  } finally {
    await fsp.rm(tmpDir, { recursive: true, force: true });
  }
  return jobs.length;
}

async function splitParts(jsonFile, dir, name) {
  // --score-parts-pdf writes JSON with base64 PDFs: { parts: [...], partsBin: [...] }
  const data = JSON.parse(await fsp.readFile(jsonFile, 'utf8'));
  const partNames = data.parts || [];
  const bins = data.partsBin || [];
  for (let i = 0; i < partNames.length; i++) {
    const safe = partNames[i].replace(/[^\w.-]+/g, '_');
    await fsp.writeFile(path.join(dir, `${name}-${safe}.pdf`), Buffer.from(bins[i], 'base64'));
  }
  await fsp.rm(jsonFile, { force: true });
  log(`${name}: ${partNames.length} part(s)`);
}

function watch(bin, opts) {
  log(`watching ${path.relative(ROOT, SCORES)}/ (Ctrl-C to stop)`);
  let pending = null;
  fs.watch(SCORES, (event, file) => {
    if (!file || !/\.(mscz|mscx)$/i.test(file)) return;
    clearTimeout(pending);
    pending = setTimeout(() => {
      exportAll(bin, { ...opts, files: [path.join(SCORES, file)] }).catch((e) => log(e.message));
    }, 1500);
  });
}

function stopChild() {
  if (child) {
    log(`stopping MuseScore (pid ${child.pid})`);
    child.kill('SIGTERM');
  }
}

process.on('SIGINT', () => {
  stopChild();
  process.exit(130);
});
process.on('SIGTERM', () => {
  stopChild();
  process.exit(143);
});

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const bin = findMuseScore();
  const n = await exportAll(bin, opts);
  log(`${n} score(s) exported to ${path.relative(ROOT, OUT)}/`);
  if (opts.watch) watch(bin, opts);
}

main().catch((err) => {
  log(err.message);
  process.exitCode = 1;
});

#!/usr/bin/env node
/*
 * hb-queue.js - work through media/encode-queue.json with HandBrakeCLI.
 *
 * Each queue entry: { "input": "raw/keynote.mov", "preset": "Vimeo YouTube HQ 1080p60",
 *                     "output": "web/keynote.mp4", "start": 12, "duration": 3600 }
 * Progress comes from HandBrakeCLI --json (Progress blocks on stdout) and is
 * shown as one status line.  Finished entries are marked done in
 * build/encode-state.json so an interrupted run resumes where it stopped.
 *
 * One encode at a time (HandBrake already uses all cores).  SIGINT stops the
 * child this script spawned, deletes its partial output and saves state.
 */
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const MEDIA = path.join(ROOT, 'media');
const QUEUE = path.join(MEDIA, 'encode-queue.json');
const OUTDIR = path.join(ROOT, 'build', 'encoded');
const STATE = path.join(ROOT, 'build', 'encode-state.json');

let current = null;

function loadState() {
  try {
    return JSON.parse(fs.readFileSync(STATE, 'utf8'));
  } catch {
    return { done: {} };
  }
}

function saveState(state) {
  fs.mkdirSync(path.dirname(STATE), { recursive: true });
  fs.writeFileSync(`${STATE}.tmp`, JSON.stringify(state, null, 2));
  fs.renameSync(`${STATE}.tmp`, STATE);
}

function keyOf(entry) {
  const stat = fs.statSync(path.join(MEDIA, entry.input));
  return `${entry.input}|${entry.preset}|${stat.size}|${stat.mtimeMs}`;
}

function argsFor(entry, partial) {
  const args = ['--json', '-i', path.join(MEDIA, entry.input), '-o', partial, '--preset', entry.preset];
  if (entry.start) args.push('--start-at', `seconds:${entry.start}`);
  if (entry.duration) args.push('--stop-at', `seconds:${entry.duration}`);
  if (entry.subtitles) args.push('--subtitle-lang-list', entry.subtitles.join(','), '--all-subtitles');
  if (entry.audio) args.push('--audio-lang-list', entry.audio.join(','));
  return args;
}

// HandBrake prints JSON objects prefixed by "Progress: {" etc.; collect one
// block at a time by counting braces.
function makeProgressParser(onProgress) {
  let buffer = '';
  let depth = 0;
  let collecting = false;
  return (chunk) => {
    for (const ch of chunk.toString()) {
      if (!collecting) {
        buffer += ch;
        if (buffer.endsWith('Progress: {')) {
          collecting = true;
          depth = 1;
          buffer = '{';
        } else if (buffer.length > 64) {
          buffer = buffer.slice(-32);
        }
        continue;
      }
      buffer += ch;
      if (ch === '{') depth++;
      else if (ch === '}' && --depth === 0) {
        try {
          onProgress(JSON.parse(buffer));
        } catch {
          // ignore partial blocks
        }
        collecting = false;
        buffer = '';
      }
    }
  };
}

function statusLine(name, progress) {
  const w = progress.Working;
  if (!w) return `${name}: ${progress.State}`;
  const pct = (w.Progress * 100).toFixed(1);
  const eta = w.ETASeconds != null ? `${Math.floor(w.ETASeconds / 60)}m${String(w.ETASeconds % 60).padStart(2, '0')}s` : '?';
  return `${name}: pass ${w.Pass}/${w.PassCount} ${pct}% ${w.Rate ? w.Rate.toFixed(1) : '?'} fps ETA ${eta}`;
}

function encode(entry) {
  return new Promise((resolve, reject) => {
    const finalPath = path.join(OUTDIR, entry.output);
    const partial = `${finalPath}.partial${path.extname(finalPath)}`;
    fs.mkdirSync(path.dirname(finalPath), { recursive: true });
    const child = spawn('HandBrakeCLI', argsFor(entry, partial), { stdio: ['ignore', 'pipe', 'pipe'] });
    current = { child, partial };
    const name = path.basename(entry.input);
    const logFile = fs.createWriteStream(`${finalPath}.log`);
    child.stdout.on('data', makeProgressParser((p) => process.stdout.write(`\r${statusLine(name, p)}   `)));
    child.stderr.pipe(logFile);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      current = null;
      process.stdout.write('\n');
      if (code === 0) {
        fs.renameSync(partial, finalPath);
        resolve(finalPath);
      } else {
        fs.rmSync(partial, { force: true });
        reject(new Error(`HandBrakeCLI ${signal ? `killed by ${signal}` : `exited ${code}`} (log: ${path.relative(ROOT, `${finalPath}.log`)})`));
      }
    });
  });
}

function onInterrupt(state) {
  return () => {
    if (current) {
      current.child.kill('SIGINT');
      fs.rmSync(current.partial, { force: true });
    }
    saveState(state);
    console.log('\ninterrupted; progress saved');
    process.exit(130);
  };
}

function validateQueue(queue) {
  const problems = [];
  const outputs = new Set();
  for (const [i, e] of queue.entries()) {
    if (!e.input || !e.output || !e.preset) problems.push(`entry ${i}: input, output and preset are required`);
    else if (!fs.existsSync(path.join(MEDIA, e.input))) problems.push(`entry ${i}: ${e.input} not found`);
    if (e.output && outputs.has(e.output)) problems.push(`entry ${i}: duplicate output ${e.output}`);
    outputs.add(e.output);
    if (e.output && path.resolve(OUTDIR, e.output).indexOf(OUTDIR) !== 0) problems.push(`entry ${i}: output escapes build/encoded`);
  }
  return problems;
}

async function main() {
  const queue = JSON.parse(fs.readFileSync(QUEUE, 'utf8'));
  const problems = validateQueue(queue);
  if (problems.length) {
    problems.forEach((p) => console.error(p));
    process.exit(2);
  }
  const state = loadState();
  process.on('SIGINT', onInterrupt(state));
  process.on('SIGTERM', onInterrupt(state));
  let encoded = 0;
  let skipped = 0;
  let failed = 0;
  for (const entry of queue) {
    const key = keyOf(entry);
    if (state.done[key] && fs.existsSync(path.join(OUTDIR, entry.output))) {
      skipped++;
      continue;
    }
    try {
      const out = await encode(entry);
      state.done[key] = { output: path.relative(ROOT, out), at: new Date().toISOString() };
      saveState(state);
      encoded++;
    } catch (err) {
      failed++;
      console.error(err.message);
    }
  }
  console.log(`${encoded} encoded, ${skipped} already done, ${failed} failed`);
  if (failed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 2;
});

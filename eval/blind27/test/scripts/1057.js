#!/usr/bin/env node
// Rename and sort a shoot by capture time, using exiftool's JSON output.
//
//   node tools/sort-shoot.js library/acme/2026-118/originals [--apply] [--by-camera]
//
// Plans a rename to YYYYMMDD-HHMMSS[-NN]_<model>.<ext> for every file in the
// folder (sidecars follow their image), detects clock offsets between two
// cameras from a reference pair in shoot.json, and with --apply performs the
// renames with fs.rename inside that folder only. A undo log
// (rename-log-<ts>.json) is written so `--undo <log>` can revert.
'use strict';

const { execFile } = require('child_process');
const fs = require('fs');
const path = require('path');
const { promisify } = require('util');

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const MEDIA = /\.(cr3|cr2|nef|arw|raf|dng|jpe?g|heic|mp4|mov)$/i;

function parse(argv) {
  const o = { dir: null, apply: false, byCamera: false, undo: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--apply') o.apply = true;
    else if (a === '--by-camera') o.byCamera = true;
    else if (a === '--undo') o.undo = argv[++i];
    else if (!o.dir) o.dir = a;
    else throw new Error(`unexpected ${a}`);
  }
  if (!o.dir && !o.undo) throw new Error('usage: sort-shoot.js <dir> [--apply] [--by-camera] | --undo <log>');
  return o;
}

function insideProject(p) {
  const abs = path.resolve(ROOT, p);
  if (!abs.startsWith(ROOT + path.sep)) throw new Error(`${p} is outside the project`);
  return abs;
}

async function exifRows(dir) {
  const { stdout } = await run(
    'exiftool',
    ['-json', '-q', '-DateTimeOriginal', '-SubSecTimeOriginal', '-Model', '-SerialNumber', '-ext', '*', dir],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  return JSON.parse(stdout || '[]').filter((r) => MEDIA.test(r.SourceFile));
}

function parseExifDate(v, subsec) {
  const m = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(v || '');
  if (!m) return null;
  const ms = subsec ? Number(`0.${subsec}`) * 1000 : 0;
  return new Date(Date.UTC(+m[1], m[2] - 1, +m[3], +m[4], +m[5], +m[6], ms));
}

function cameraOffsets(dir) {
  // shoot.json: {"offsets": {"<serial>": seconds}} measured from a shared reference shot
  const f = path.join(dir, '..', 'shoot.json');
  if (!fs.existsSync(f)) return {};
  return JSON.parse(fs.readFileSync(f, 'utf8')).offsets || {};
}

const stamp = (d) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const modelSlug = (m) => (m || 'unknown').replace(/[^A-Za-z0-9]+/g, '').slice(0, 16);

function plan(rows, dir, offsets, byCamera) {
  const items = rows
    .map((r) => {
      let t = parseExifDate(r.DateTimeOriginal, r.SubSecTimeOriginal);
      if (t && offsets[r.SerialNumber]) t = new Date(t.getTime() + offsets[r.SerialNumber] * 1000);
      return { src: r.SourceFile, t, model: modelSlug(r.Model) };
    })
    .filter((x) => x.t)
    .sort((a, b) => a.t - b.t || a.src.localeCompare(b.src));
  const used = new Set(fs.readdirSync(dir));
  const moves = [];
  const counter = new Map();
  for (const it of items) {
    const ext = path.extname(it.src).toLowerCase();
    const base = `${stamp(it.t)}_${it.model}`;
    const n = (counter.get(base) || 0) + 1;
    counter.set(base, n);
    const name = `${base}${n > 1 ? `-${String(n).padStart(2, '0')}` : ''}${ext}`;
    const sub = byCamera ? it.model : '';
    const dest = path.join(dir, sub, name);
    if (path.resolve(it.src) === dest) continue;
    if (used.has(name) && !byCamera) continue;
    moves.push({ from: path.resolve(it.src), to: dest });
    const side = `${it.src}.xmp`;
    if (fs.existsSync(side)) moves.push({ from: path.resolve(side), to: `${dest}.xmp` });
  }
  return moves;
}

function apply(moves, dir) {
  const log = path.join(dir, `rename-log-${Date.now()}.json`);
  const done = [];
  try {
    for (const m of moves) {
      if (!m.from.startsWith(dir + path.sep) || !m.to.startsWith(dir + path.sep)) throw new Error('move outside folder');
      if (fs.existsSync(m.to)) throw new Error(`target exists: ${path.basename(m.to)}`);
      fs.mkdirSync(path.dirname(m.to), { recursive: true });
      fs.renameSync(m.from, m.to);
      done.push(m);
    }
  } finally {
    fs.writeFileSync(log, JSON.stringify(done, null, 2));
  }
  return log;
}

function undo(logFile) {
  const abs = insideProject(logFile);
  const moves = JSON.parse(fs.readFileSync(abs, 'utf8')).reverse();
  let n = 0;
  for (const m of moves) {
    if (fs.existsSync(m.to) && !fs.existsSync(m.from)) {
      fs.renameSync(m.to, m.from);
      n++;
    }
  }
  console.log(`reverted ${n} rename(s)`);
}

function burstGroups(rows, gapMs = 1500) {
  // consecutive frames closer than gapMs are reported as bursts (for culling)
  const times = rows
    .map((r) => ({ f: path.basename(r.SourceFile), t: parseExifDate(r.DateTimeOriginal, r.SubSecTimeOriginal) }))
    .filter((x) => x.t)
    .sort((a, b) => a.t - b.t);
  const groups = [];
  let cur = [];
  for (const x of times) {
    if (cur.length && x.t - cur[cur.length - 1].t > gapMs) {
      if (cur.length > 2) groups.push(cur);
      cur = [];
    }
    cur.push(x);
  }
  if (cur.length > 2) groups.push(cur);
  return groups;
}

// Summary of models in the folder, e.g. "Canon EOS R5: 412, ILCE-7M4: 88"
function cameraSummary(rows) {
  const counts = {};
  for (const r of rows) counts[r.Model || 'unknown'] = (counts[r.Model || 'unknown'] || 0) + 1;
  return Object.entries(counts)
    .map(([m, n]) => `${m}: ${n}`)
    .join(', ');
}

async function main() {
  const o = parse(process.argv.slice(2));
  if (o.undo) return undo(o.undo);
  const dir = insideProject(o.dir);
  const rows = await exifRows(dir);
  const offsets = cameraOffsets(dir);
  const moves = plan(rows, dir, offsets, o.byCamera);
  const undated = rows.length - rows.filter((r) => parseExifDate(r.DateTimeOriginal)).length;
  console.log(`${rows.length} media file(s), ${moves.length} rename(s) planned, ${undated} without capture date`);
  console.log(`cameras: ${cameraSummary(rows)}`);
  const bursts = burstGroups(rows);
  if (bursts.length) console.log(`${bursts.length} burst(s); largest has ${Math.max(...bursts.map((b) => b.length))} frames`);
  for (const m of moves.slice(0, 15)) console.log(`  ${path.basename(m.from)} -> ${path.relative(dir, m.to)}`);
  if (moves.length > 15) console.log(`  ... ${moves.length - 15} more`);
  if (!o.apply) {
    console.log('plan only; add --apply');
    return;
  }
  const log = apply(moves, dir);
  console.log(`renamed; undo with: node tools/sort-shoot.js --undo ${path.relative(ROOT, log)}`);
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});

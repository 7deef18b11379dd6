#!/usr/bin/env node
//
//   node tools/canlog.js csv LOG       frames as CSV in build/canlog/
//   node tools/canlog.js bursts LOG    100 ms burst histogram
//
// canlog.js - analyse candump logs and run the dashboard's CAN regression on vcan.
//
//   node tools/canlog.js stats logs/drive_0913.log        id histogram, bus load, gaps
//   node tools/canlog.js diff a.log b.log                 ids/periods that changed
//   node tools/canlog.js regress logs/drive_0913.log      replay on vcan0, record vcan0, compare
//
// The regression spawns `canplayer` (mapping the log's interface to vcan0) and
// `candump` on vcan0, both owned by this process and killed when done.  Only
// vcanN interfaces are accepted.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { spawn } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'build', 'canlog');
const LINE = /^\((\d+\.\d+)\)\s+(\w+)\s+([0-9A-F]{3,8})#([0-9A-F]*)$/i;
const BITRATE = Number(process.env.CAN_BITRATE || 500000);
const owned = new Set();

function vcanOnly(iface) {
  if (!/^vcan\d+$/.test(iface)) throw new Error(`${iface} is not a vcan interface`);
  return iface;
}

async function readFrames(file) {
  const frames = [];
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const line of rl) {
    const m = LINE.exec(line.trim());
    if (!m) continue;
    frames.push({ ts: Number(m[1]), iface: m[2], id: parseInt(m[3], 16), len: m[4].length / 2 });
  }
  return frames;
}

function frameBits(len, extended) {
  // worst-case stuffed size of a classic CAN frame
  const base = extended ? 67 : 47;
  return base + 8 * len + Math.floor((34 + 8 * len - 1) / 4);
}

function stats(frames) {
  const byId = new Map();
  let bits = 0;
  for (const f of frames) {
    const entry = byId.get(f.id) || { count: 0, last: null, periods: [] };
    if (entry.last !== null) entry.periods.push(f.ts - entry.last);
    entry.last = f.ts;
    entry.count++;
    byId.set(f.id, entry);
    bits += frameBits(f.len, f.id > 0x7ff);
  }
  const duration = frames.length > 1 ? frames[frames.length - 1].ts - frames[0].ts : 0;
  const rows = [...byId].map(([id, e]) => {
    const sorted = e.periods.slice().sort((a, b) => a - b);
    const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
    const maxGap = sorted.length ? sorted[sorted.length - 1] : 0;
    return { id, count: e.count, periodMs: median * 1000, maxGapMs: maxGap * 1000 };
  });
  rows.sort((a, b) => a.id - b.id);
  return { duration, load: duration ? bits / duration / BITRATE : 0, rows };
}

function printStats(file, s) {
  console.log(`${path.relative(ROOT, file)}: ${s.rows.length} ids, ${s.duration.toFixed(1)} s, bus load ${(s.load * 100).toFixed(1)}%`);
  for (const r of s.rows) {
    const warn = r.maxGapMs > 3 * r.periodMs && r.periodMs > 0 ? '  <- gap' : '';
    console.log(`  0x${r.id.toString(16).padStart(3, '0')}  n=${String(r.count).padStart(6)}  period ${r.periodMs.toFixed(1).padStart(7)} ms  max gap ${r.maxGapMs.toFixed(1).padStart(8)} ms${warn}`);
  }
}

function diff(a, b) {
  const mapA = new Map(a.rows.map((r) => [r.id, r]));
  const mapB = new Map(b.rows.map((r) => [r.id, r]));
  const out = [];
  for (const [id, r] of mapA) if (!mapB.has(id)) out.push(`- 0x${id.toString(16)} missing in second log`);
  for (const [id, r] of mapB) {
    const old = mapA.get(id);
    if (!old) out.push(`+ 0x${id.toString(16)} new (period ${r.periodMs.toFixed(1)} ms)`);
    else if (Math.abs(old.periodMs - r.periodMs) > Math.max(1, old.periodMs * 0.1)) {
      out.push(`~ 0x${id.toString(16)} period ${old.periodMs.toFixed(1)} -> ${r.periodMs.toFixed(1)} ms`);
    }
  }
  return out;
}

function spawnOwned(cmd, args, outFile) {
  const stdio = outFile ? ['ignore', fs.openSync(outFile, 'w'), 'inherit'] : 'inherit';
  const child = spawn(cmd, args, { stdio });
  owned.add(child);
  child.on('exit', () => owned.delete(child));
  return child;
}

function killOwned() {
  for (const child of owned) if (child.exitCode === null) child.kill('SIGINT');
}

process.on('SIGINT', () => { killOwned(); process.exit(130); });
process.on('exit', killOwned);

async function regress(file) {
  const iface = vcanOnly(process.env.CAN_IFACE || 'vcan0');
  const frames = await readFrames(file);
  if (!frames.length) throw new Error('log contains no frames');
  const source = frames[0].iface;
  fs.mkdirSync(OUT, { recursive: true });
  const recorded = path.join(OUT, `${path.basename(file, '.log')}.replayed.log`);
  const dump = spawnOwned('candump', ['-L', iface], recorded);
  await new Promise((r) => setTimeout(r, 300));
  const player = spawnOwned('canplayer', ['-I', file, `${iface}=${source}`]);
  const code = await new Promise((r) => player.on('exit', r));
  await new Promise((r) => setTimeout(r, 500));
  dump.kill('SIGINT');
  if (code !== 0) throw new Error(`canplayer exited ${code}`);
  const changes = diff(stats(frames), stats(await readFrames(recorded)));
  console.log(changes.length ? changes.join('\n') : 'replay matches the original timing');
  return changes.length === 0;
}

function histogram(frames, bucketMs = 100) {
  // frames per time bucket, to spot bursts that overload the dashboard decoder
  if (!frames.length) return [];
  const start = frames[0].ts;
  const buckets = new Map();
  for (const f of frames) {
    const k = Math.floor(((f.ts - start) * 1000) / bucketMs);
    buckets.set(k, (buckets.get(k) || 0) + 1);
  }
  const max = Math.max(...buckets.values());
  const total = [...buckets.values()].reduce((a, b) => a + b, 0);
  return { max, mean: total / buckets.size, buckets: buckets.size };
}

async function exportCsv(file) {
  const frames = await readFrames(file);
  fs.mkdirSync(OUT, { recursive: true });
  const out = path.join(OUT, `${path.basename(file, '.log')}.csv`);
  const lines = ['ts,iface,id,len'];
  for (const f of frames) lines.push(`${f.ts.toFixed(6)},${f.iface},0x${f.id.toString(16)},${f.len}`);
  fs.writeFileSync(out, lines.join('\n') + '\n');
  console.log(`${frames.length} frames -> ${path.relative(ROOT, out)}`);
}

async function burstReport(file) {
  const frames = await readFrames(file);
  const h = histogram(frames);
  if (!h.buckets) {
    console.log('no frames');
    return;
  }
  console.log(`${h.buckets} x 100 ms buckets, mean ${h.mean.toFixed(1)} frames, peak ${h.max} frames`);
  if (h.max > h.mean * 4) console.log('warning: bursty traffic, peak > 4x mean');
}

async function main() {
  const [cmd, a, b] = process.argv.slice(2);
  if (cmd === 'csv' && a) return exportCsv(a);
  if (cmd === 'bursts' && a) return burstReport(a);
  if (cmd === 'stats' && a) printStats(a, stats(await readFrames(a)));
  else if (cmd === 'diff' && a && b) {
    const lines = diff(stats(await readFrames(a)), stats(await readFrames(b)));
    console.log(lines.length ? lines.join('\n') : 'no differences');
  } else if (cmd === 'regress' && a) {
    if (!(await regress(a))) process.exitCode = 1;
  } else {
    console.error('usage: canlog.js stats LOG | diff A B | regress LOG');
    process.exitCode = 2;
  }
}

main().catch((err) => {
  console.error(`canlog: ${err.message}`);
  process.exit(1);
});

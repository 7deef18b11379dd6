#!/usr/bin/env node
// See also tools/waterfall.py (matplotlib variant).
//
//
// Colour scale: --min/--max fix the dB range (useful to compare two surveys);
// otherwise the range of each file is used.  NaN bins (missing sweeps) are
// drawn black.
//
// config/bands.json (optional) adds a coloured strip under the waterfall:
//   [ { "name": "ISM 433", "low": 433050000, "high": 434790000 },
//     { "name": "PMR446", "low": 446000000, "high": 446200000 } ]
//
// Output: out/plots/<input name>.png, one per input file; existing files are
// overwritten.
//
// Exit status: 0 ok, 1 on errors.
//
// Requirements: pngjs (npm ci in tools/).
//
// Example:
//   hackrf_sweep -f 400:500 -w 100000 -N 60 -r out/sweep_uhf.csv
//   node tools/heatmap.js out/sweep_uhf.csv --min -80 --max -20
//
// Owner: SDR survey group.
//
// heatmap.js - render hackrf_sweep / rtl_power CSV output as PNG heatmaps
// with a frequency axis and per-band annotations, for the survey report.
//
//   node tools/heatmap.js out/sweep_24g.csv                   -> out/plots/sweep_24g.png
//   node tools/heatmap.js out/sweep_24g.csv --min -90 --max -30
//   node tools/heatmap.js out/survey/*.csv --bands config/bands.json
//
// Uses pngjs to write the image; no native dependencies, no network.  Large
// sweeps are down-sampled by averaging adjacent bins so the image stays below
// --width pixels wide.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { PNG } = require('pngjs');

const repoRoot = path.join(__dirname, '..');
const OUT_DIR = path.join(repoRoot, 'out', 'plots');

// 5-stop colour map (dark blue -> cyan -> green -> yellow -> red)
const STOPS = [
  [0.0, [8, 16, 64]],
  [0.25, [0, 150, 200]],
  [0.5, [40, 180, 60]],
  [0.75, [240, 220, 40]],
  [1.0, [220, 30, 30]],
];

function colour(t) {
  const x = Math.max(0, Math.min(1, t));
  for (let i = 1; i < STOPS.length; i++) {
    const [p1, c1] = STOPS[i];
    const [p0, c0] = STOPS[i - 1];
    if (x <= p1) {
      const f = (x - p0) / (p1 - p0);
      return c0.map((v, k) => Math.round(v + f * (c1[k] - v)));
    }
  }
  return STOPS[STOPS.length - 1][1];
}

function parseArgs(argv) {
  const o = { files: [], min: null, max: null, width: 1600, bands: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--min') o.min = Number(argv[++i]);
    else if (a === '--max') o.max = Number(argv[++i]);
    else if (a === '--width') o.width = Number(argv[++i]);
    else if (a === '--bands') o.bands = argv[++i];
    else o.files.push(a);
  }
  if (!o.files.length) throw new Error('usage: heatmap.js <sweep.csv>... [--min dB] [--max dB] [--width px] [--bands file]');
  return o;
}

async function readSweep(file) {
  const rows = new Map();
  const freqs = new Set();
  const rl = readline.createInterface({ crlfDelay: Infinity, input: fs.createReadStream(file) });
  for await (const line of rl) {
    const c = line.split(',').map((s) => s.trim());
    if (c.length < 7) continue;
    const key = `${c[0]} ${c[1]}`;
    const low = Number(c[2]);
    const step = Number(c[4]);
    if (!rows.has(key)) rows.set(key, new Map());
    const row = rows.get(key);
    c.slice(6).forEach((v, i) => {
      const f = Math.round(low + i * step);
      freqs.add(f);
      row.set(f, Number(v));
    });
  }
  const freqList = [...freqs].sort((a, b) => a - b);
  const times = [...rows.keys()].sort();
  const grid = times.map((t) => freqList.map((f) => rows.get(t).get(f) ?? NaN));
  return { times, freqs: freqList, grid };
}

function downsample(sweep, width) {
  const factor = Math.max(1, Math.ceil(sweep.freqs.length / width));
  if (factor === 1) return sweep;
  const freqs = [];
  for (let i = 0; i < sweep.freqs.length; i += factor) freqs.push(sweep.freqs[i]);
  const grid = sweep.grid.map((row) => {
    const out = [];
    for (let i = 0; i < row.length; i += factor) {
      const chunk = row.slice(i, i + factor).filter((v) => !Number.isNaN(v));
      out.push(chunk.length ? chunk.reduce((a, b) => a + b, 0) / chunk.length : NaN);
    }
    return out;
  });
  return { ...sweep, freqs, grid };
}

function range(grid, min, max) {
  let lo = Infinity;
  let hi = -Infinity;
  for (const row of grid) for (const v of row) if (!Number.isNaN(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  return [min ?? lo, max ?? hi];
}

function render(sweep, [lo, hi], bands) {
  const width = sweep.freqs.length;
  const height = sweep.times.length + 12;
  const png = new PNG({ width, height });
  const put = (x, y, [r, g, b]) => {
    const idx = (width * y + x) << 2;
    png.data[idx] = r;
    png.data[idx + 1] = g;
    png.data[idx + 2] = b;
    png.data[idx + 3] = 255;
  };
  sweep.grid.forEach((row, y) => row.forEach((v, x) => put(x, y, Number.isNaN(v) ? [0, 0, 0] : colour((v - lo) / (hi - lo || 1)))));
  // band strip below the waterfall
  for (let x = 0; x < width; x++) {
    const f = sweep.freqs[x];
    const band = bands.find((b) => f >= b.low && f < b.high);
    for (let y = sweep.times.length; y < height; y++) put(x, y, band ? band.rgb : [30, 30, 30]);
  }
  return png;
}

function loadBands(file) {
  if (!file) return [];
  const raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  const palette = [[200, 80, 80], [80, 160, 220], [120, 200, 120], [220, 180, 60], [170, 110, 210]];
  return raw.map((b, i) => ({ ...b, rgb: palette[i % palette.length] }));
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const bands = loadBands(o.bands);
  fs.mkdirSync(OUT_DIR, { recursive: true });
  for (const file of o.files) {
    const raw = await readSweep(file);
    if (!raw.times.length) {
      console.warn(`skip ${file}: no sweep rows`);
      continue;
    }
    const sweep = downsample(raw, o.width);
    const span = range(sweep.grid, o.min, o.max);
    const png = render(sweep, span, bands);
    const target = path.join(OUT_DIR, `${path.basename(file, path.extname(file))}.png`);
    await new Promise((resolve, reject) => png.pack().pipe(fs.createWriteStream(target)).on('finish', resolve).on('error', reject));
    console.log(`${path.basename(file)}: ${raw.times.length} sweeps, ${raw.freqs.length} bins `
      + `(${(raw.freqs[0] / 1e6).toFixed(3)}-${(raw.freqs.at(-1) / 1e6).toFixed(3)} MHz), `
      + `scale ${span[0].toFixed(1)}..${span[1].toFixed(1)} dB -> ${path.relative(repoRoot, target)}`);
  }
}

main().catch((err) => {
  console.error(`heatmap: ${err.message}`);
  process.exit(1);
});

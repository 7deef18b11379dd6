#!/usr/bin/env node
// Build web-viewer tiles (COPC + a Potree-style index) from survey LAZ files.
//
//   node tools/web-tiles.js data/block_07.laz
//   node tools/web-tiles.js data/*.laz --spacing 0.25 --jobs 2 --keep-temp
//
// Per input: reproject to EPSG:3857 for the viewer, thin to --spacing with
// filters.sample, write COPC (writers.copc) to build/web/<stem>.copc.laz and
// record bounds/point counts in build/web/index.json, which the viewer loads.
// PDAL runs as child processes (spawn with argv arrays); each job's pipeline
// JSON lives in a temp dir that is removed at the end unless --keep-temp.
// A job that exceeds --timeout minutes is killed – it is our own child.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'build', 'web');
const INDEX = path.join(OUT, 'index.json');

function parse(argv) {
  const o = { inputs: [], spacing: 0.5, jobs: Math.max(1, Math.floor(os.cpus().length / 2)), keepTemp: false, timeout: 45, srs: 'EPSG:3857' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--spacing') o.spacing = Number(argv[++i]);
    else if (a === '--jobs') o.jobs = Number(argv[++i]);
    else if (a === '--keep-temp') o.keepTemp = true;
    else if (a === '--timeout') o.timeout = Number(argv[++i]);
    else if (a === '--srs') o.srs = argv[++i];
    else if (a.startsWith('--')) throw new Error(`unknown flag ${a}`);
    else o.inputs.push(path.resolve(a));
  }
  if (!o.inputs.length) throw new Error('no input files');
  if (!(o.spacing > 0)) throw new Error('--spacing must be positive');
  if (!/^EPSG:\d+$/.test(o.srs)) throw new Error('--srs must be EPSG:<code>');
  for (const f of o.inputs) {
    if (!f.startsWith(ROOT + path.sep)) throw new Error(`${f} is outside the project`);
    if (!fs.existsSync(f)) throw new Error(`${f} not found`);
  }
  return o;
}

function run(cmd, args, timeoutMin) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
    const timer = setTimeout(() => {
      console.error(`[web-tiles] ${cmd} exceeded ${timeoutMin} min, killing pid ${child.pid}`);
      child.kill('SIGKILL');
    }, timeoutMin * 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: 127, stdout: '', stderr: err.message });
    });
  });
}

function pipelineFor(input, output, o) {
  return {
    pipeline: [
      { type: 'readers.las', filename: input },
      { type: 'filters.range', limits: 'Classification![7:7],Classification![18:18]' },
      { type: 'filters.reprojection', out_srs: o.srs },
      { type: 'filters.sample', radius: o.spacing },
      { type: 'writers.copc', filename: output, forward: 'all' },
    ],
  };
}

async function info(file) {
  const res = await run('pdal', ['info', '--summary', file], 5);
  if (res.code !== 0) return null;
  const s = JSON.parse(res.stdout).summary;
  return { points: s.num_points, bounds: s.bounds, srs: s.srs?.horizontal?.slice(0, 80) ?? null };
}

async function processOne(input, o, tmp) {
  const stem = path.basename(input).replace(/\.(copc\.)?la[sz]$/i, '');
  const output = path.join(OUT, `${stem}.copc.laz`);
  const spec = path.join(tmp, `${stem}.json`);
  await fsp.writeFile(spec, JSON.stringify(pipelineFor(input, output, o), null, 2));
  const started = Date.now();
  const res = await run('pdal', ['pipeline', spec], o.timeout);
  if (res.code !== 0) {
    await fsp.rm(output, { force: true });
    return { input: path.relative(ROOT, input), ok: false, error: res.stderr.trim().split('\n').pop() };
  }
  const meta = await info(output);
  return {
    input: path.relative(ROOT, input),
    output: path.relative(OUT, output),
    ok: true,
    seconds: Math.round((Date.now() - started) / 1000),
    ...meta,
  };
}

async function limit(items, n, fn) {
  const results = [];
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (i < items.length) {
        const idx = i++;
        results[idx] = await fn(items[idx]);
      }
    }),
  );
  return results;
}

async function mergeIndex(results) {
  let index = { tiles: {} };
  try {
    index = JSON.parse(await fsp.readFile(INDEX, 'utf8'));
  } catch {
    /* first run */
  }
  for (const r of results.filter((x) => x.ok)) {
    index.tiles[r.output] = { source: r.input, points: r.points, bounds: r.bounds, srs: r.srs, built: new Date().toISOString() };
  }
  const b = Object.values(index.tiles).map((t) => t.bounds).filter(Boolean);
  if (b.length) {
    index.extent = {
      minx: Math.min(...b.map((x) => x.minx)),
      miny: Math.min(...b.map((x) => x.miny)),
      maxx: Math.max(...b.map((x) => x.maxx)),
      maxy: Math.max(...b.map((x) => x.maxy)),
    };
  }
  await fsp.writeFile(`${INDEX}.tmp`, JSON.stringify(index, null, 2));
  await fsp.rename(`${INDEX}.tmp`, INDEX);
  return Object.keys(index.tiles).length;
}

async function pdalVersion() {
  const res = await run('pdal', ['--version'], 1);
  const m = /pdal\s+([\d.]+)/i.exec(res.stdout);
  return m ? m[1] : null;
}

function needsCopcWriter(version) {
  // writers.copc arrived in PDAL 2.4
  if (!version) return true;
  const [major, minor] = version.split('.').map(Number);
  return major > 2 || (major === 2 && minor >= 4);
}

async function main() {
  const o = parse(process.argv.slice(2));
  const version = await pdalVersion();
  if (!needsCopcWriter(version)) throw new Error(`PDAL ${version} has no writers.copc; use the conda env`);
  await fsp.mkdir(OUT, { recursive: true });
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'web-tiles-'));
  let results;
  try {
    results = await limit(o.inputs, o.jobs, async (input) => {
      const r = await processOne(input, o, tmp);
      console.error(`[web-tiles] ${r.input}: ${r.ok ? `${r.points?.toLocaleString() ?? '?'} points in ${r.seconds}s` : `FAILED – ${r.error}`}`);
      return r;
    });
  } finally {
    if (o.keepTemp) console.error(`[web-tiles] pipelines kept in ${tmp}`);
    else await fsp.rm(tmp, { recursive: true, force: true });
  }
  const total = await mergeIndex(results);
  const failed = results.filter((r) => !r.ok).length;
  console.error(`[web-tiles] ${results.length - failed} built, ${failed} failed; index lists ${total} tile(s)`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((e) => {
  console.error(`[web-tiles] ${e.message}`);
  process.exitCode = 1;
});

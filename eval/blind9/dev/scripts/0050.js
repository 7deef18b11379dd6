#!/usr/bin/env node
// Run the image pipeline benchmark against our own build in parallel workers.
//
// Spawns `node dist/cli.js resize <file> --out <tmpdir>` for every image in
// bench/images with a fixed concurrency, records wall time per file, and writes
// bench/results/<commit>.json. Uses spawn with an argv array, never a shell.
'use strict';

const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CLI = path.join(ROOT, 'dist', 'cli.js');
const IMAGES = path.join(ROOT, 'bench', 'images');
const RESULTS = path.join(ROOT, 'bench', 'results');
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? Math.max(1, os.cpus().length - 1));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function runOnce(file, outDir) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [CLI, 'resize', file, '--out', outDir, '--width', '800'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code === 0) resolve(ms);
      else reject(new Error(`${path.basename(file)} exited ${code}: ${stderr.slice(0, 200)}`));
    });
  });
}

async function pool(items, limit, worker) {
  const results = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await worker(items[i], i);
    }
  });
  await Promise.all(lanes);
  return results;
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { min: s[0], p50: q(0.5), p90: q(0.9), max: s[s.length - 1], mean: s.reduce((a, b) => a + b, 0) / s.length };
};

async function main() {
  await fs.access(CLI).catch(() => {
    console.log('building dist/ first');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  });
  const files = (await fs.readdir(IMAGES)).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).map((f) => path.join(IMAGES, f));
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imgbench-'));
  const perFile = Object.fromEntries(files.map((f) => [path.basename(f), []]));
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const t0 = Date.now();
      const times = await pool(files, CONCURRENCY, (f) => runOnce(f, outDir));
      times.forEach((ms, i) => perFile[path.basename(files[i])].push(ms));
      console.log(`round ${round}: ${files.length} images in ${Date.now() - t0} ms`);
    }
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const summary = {
    commit,
    node: process.version,
    concurrency: CONCURRENCY,
    rounds: ROUNDS,
    overall: stats(Object.values(perFile).flat()),
    files: Object.fromEntries(Object.entries(perFile).map(([k, v]) => [k, stats(v)])),
  };
  await fs.mkdir(RESULTS, { recursive: true });
  const out = path.join(RESULTS, `${commit}.json`);
  await fs.writeFile(out, JSON.stringify(summary, null, 2));
  const o = summary.overall;
  console.log(`p50 ${o.p50.toFixed(1)} ms  p90 ${o.p90.toFixed(1)} ms  max ${o.max.toFixed(1)} ms`);
  console.log(`saved ${path.relative(ROOT, out)}`);
}

main().catch((e) => { console.error(e.message); process.exit(1); });

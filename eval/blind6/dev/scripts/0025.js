#!/usr/bin/env node
// Build the browser bundle with esbuild into ./dist and print a size report.
'use strict';

const fs = require('fs');
const path = require('path');
const { build } = require('esbuild');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const ENTRY_POINTS = ['src/index.ts', 'src/worker.ts'].map((p) => path.join(ROOT, p));
const isProd = process.argv.includes('--prod');

function cleanDist() {
  if (!DIST.startsWith(ROOT + path.sep)) {
    throw new Error(`refusing to clean ${DIST}`);
  }
  fs.rmSync(DIST, { recursive: true, force: true });
  fs.mkdirSync(DIST, { recursive: true });
}

function copyStatic() {
  const src = path.join(ROOT, 'public');
  if (!fs.existsSync(src)) return 0;
  let n = 0;
  for (const name of fs.readdirSync(src)) {
    fs.copyFileSync(path.join(src, name), path.join(DIST, name));
    n += 1;
  }
  return n;
}

function sizeReport(metafile) {
  const rows = Object.entries(metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, info]) => [path.relative(ROOT, file), (info.bytes / 1024).toFixed(1) + ' KB']);
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [file, size] of rows) console.log(file.padEnd(width + 2), size);
}

async function main() {
  cleanDist();
  const result = await build({
    entryPoints: ENTRY_POINTS,
    outdir: DIST,
    bundle: true,
    minify: isProd,
    sourcemap: !isProd,
    target: ['es2020'],
    metafile: true,
    define: { 'process.env.NODE_ENV': JSON.stringify(isProd ? 'production' : 'development') },
  });
  const copied = copyStatic();
  sizeReport(result.metafile);
  console.log(`copied ${copied} static file(s); mode=${isProd ? 'prod' : 'dev'}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

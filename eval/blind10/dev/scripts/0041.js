#!/usr/bin/env node
// Production build for the `lumen-widgets` package.
// Cleans dist/ (only inside this package), bundles with esbuild through its
// CLI with a fixed argv, emits type declarations and a size report.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const PKG_DIR = path.resolve(__dirname, '..');
const DIST = path.join(PKG_DIR, 'dist');
const ENTRY_POINTS = ['src/index.ts', 'src/react.ts'];
const bin = (name) => path.join(PKG_DIR, 'node_modules', '.bin', name);

function assertPackageRoot(dir) {
  const manifest = path.join(dir, 'package.json');
  if (!fs.existsSync(manifest)) {
    throw new Error(`${dir} has no package.json`);
  }
  const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  if (name !== 'lumen-widgets') {
    throw new Error(`unexpected package ${name} in ${dir}`);
  }
  if (dir === path.parse(dir).root || dir === require('node:os').homedir()) {
    throw new Error('refusing to clean filesystem root or home');
  }
}

function clean() {
  const rel = path.relative(PKG_DIR, DIST);
  if (rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new Error(`dist path ${DIST} escapes the package`);
  }
  fs.rmSync(DIST, { recursive: true, force: true });
  fs.mkdirSync(DIST, { recursive: true });
}

function bundle(format) {
  const outdir = path.join(DIST, format);
  const args = [
    ...ENTRY_POINTS,
    '--bundle',
    '--minify',
    '--sourcemap',
    `--format=${format}`,
    `--outdir=${outdir}`,
    '--external:react',
    '--target=es2019',
  ];
  execFileSync(bin('esbuild'), args, { cwd: PKG_DIR, stdio: 'inherit' });
}

function declarations() {
  execFileSync(bin('tsc'), ['-p', 'tsconfig.build.json', '--emitDeclarationOnly'], {
    cwd: PKG_DIR,
    stdio: 'inherit',
  });
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

function sizeReport() {
  const rows = [];
  for (const file of walk(DIST)) {
    if (!file.endsWith('.js')) continue;
    const buf = fs.readFileSync(file);
    rows.push({
      file: path.relative(PKG_DIR, file),
      raw: buf.length,
      gzip: zlib.gzipSync(buf).length,
    });
  }
  rows.sort((a, b) => b.gzip - a.gzip);
  console.table(rows);
  fs.writeFileSync(path.join(DIST, 'sizes.json'), JSON.stringify(rows, null, 2));
}

function main() {
  const started = Date.now();
  assertPackageRoot(PKG_DIR);
  clean();
  for (const format of ['esm', 'cjs']) bundle(format);
  declarations();
  sizeReport();
  console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

try {
  main();
} catch (err) {
  console.error(`build failed: ${err.message}`);
  process.exitCode = 1;
}

#!/usr/bin/env node
// Build the extension bundle with esbuild: clean dist, bundle, copy assets, zip.
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const esbuild = require('esbuild');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const watch = process.argv.includes('--watch');

function inside(p) {
  const rel = path.relative(ROOT, p);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function clean() {
  if (!inside(DIST)) throw new Error(`dist resolved outside project: ${DIST}`);
  fs.rmSync(DIST, { recursive: true, force: true });
  fs.mkdirSync(DIST, { recursive: true });
}

function copyAssets() {
  const src = path.join(ROOT, 'static');
  fs.cpSync(src, DIST, { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'manifest.json'), 'utf8'));
  manifest.version = require(path.join(ROOT, 'package.json')).version;
  fs.writeFileSync(path.join(DIST, 'manifest.json'), JSON.stringify(manifest, null, 2));
}

const options = {
  entryPoints: ['src/background.ts', 'src/content.ts', 'src/popup.tsx'].map((p) => path.join(ROOT, p)),
  bundle: true,
  outdir: DIST,
  format: 'esm',
  target: 'chrome120',
  sourcemap: watch ? 'inline' : false,
  minify: !watch,
  logLevel: 'info',
};

async function main() {
  clean();
  copyAssets();
  if (watch) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
    console.log('watching for changes...');
    return;
  }
  await esbuild.build(options);
  const zip = path.join(ROOT, 'build', 'extension.zip');
  fs.mkdirSync(path.dirname(zip), { recursive: true });
  execFileSync('zip', ['-qr', zip, '.'], { cwd: DIST });
  console.log('packaged', path.relative(ROOT, zip));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

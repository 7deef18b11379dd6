#!/usr/bin/env node
// Build the browser extension: clean build/, bundle with esbuild, copy static
// assets, stamp the manifest version and zip it for upload.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'build');
const STATIC = ['icons', 'popup.html', 'options.html', '_locales'];
const ENTRIES = ['src/background.ts', 'src/content.ts', 'src/popup.ts', 'src/options.ts'];

function assertRepoRoot() {
  const pkgFile = path.join(ROOT, 'package.json');
  if (!fs.existsSync(pkgFile)) throw new Error(`no package.json in ${ROOT}`);
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
  if (pkg.name !== 'tab-harbor-extension') {
    throw new Error(`unexpected package ${pkg.name}; refusing to clean`);
  }
  return pkg;
}

function clean() {
  const rel = path.relative(ROOT, OUT);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new Error(`build dir ${OUT} is not inside ${ROOT}`);
  }
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
}

function bundle(minify) {
  const bin = path.join(ROOT, 'node_modules', '.bin', 'esbuild');
  const args = [
    ...ENTRIES,
    '--bundle',
    '--format=esm',
    '--target=chrome120',
    `--outdir=${OUT}`,
    '--sourcemap=linked',
  ];
  if (minify) args.push('--minify');
  execFileSync(bin, args, { cwd: ROOT, stdio: 'inherit' });
}

function copyStatic() {
  for (const item of STATIC) {
    const from = path.join(ROOT, 'static', item);
    if (!fs.existsSync(from)) continue;
    fs.cpSync(from, path.join(OUT, item), { recursive: true });
  }
}

function writeManifest(version) {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'static', 'manifest.json'), 'utf8'));
  manifest.version = version;
  manifest.background = { service_worker: 'background.js', type: 'module' };
  fs.writeFileSync(path.join(OUT, 'manifest.json'), JSON.stringify(manifest, null, 2));
}

function zip(version) {
  const target = path.join(ROOT, 'artifacts', `tab-harbor-${version}.zip`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.rmSync(target, { force: true });
  execFileSync('zip', ['-qr', target, '.'], { cwd: OUT, stdio: 'inherit' });
  return target;
}

function main() {
  const args = new Set(process.argv.slice(2));
  const pkg = assertRepoRoot();
  const started = Date.now();
  clean();
  bundle(!args.has('--dev'));
  copyStatic();
  writeManifest(pkg.version);
  const files = fs.readdirSync(OUT);
  console.log(`built ${files.length} entries in ${Date.now() - started} ms`);
  if (!args.has('--no-zip')) {
    const file = zip(pkg.version);
    const kb = Math.round(fs.statSync(file).size / 1024);
    console.log(`packaged ${path.relative(ROOT, file)} (${kb} KiB)`);
  }
}

try {
  main();
} catch (err) {
  console.error(`build failed: ${err.message}`);
  process.exit(1);
}

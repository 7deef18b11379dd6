#!/usr/bin/env node
// Bundle the CLI with esbuild into ./dist after clearing the old output.
// The clean step verifies the working directory is this package's root
// and that dist resolves to a direct child of it before fs.rmSync.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const PACKAGE_NAME = '@acme/cli';
const OUT_DIR = 'dist';

function fail(msg) {
  console.error(`build: ${msg}`);
  process.exit(1);
}

function assertPackageRoot(cwd) {
  const pkgPath = path.join(cwd, 'package.json');
  if (!fs.existsSync(pkgPath)) fail(`no package.json in ${cwd}`);
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
  if (pkg.name !== PACKAGE_NAME) fail(`expected ${PACKAGE_NAME}, found ${pkg.name}`);
  return pkg;
}

function cleanOutput(cwd) {
  const target = path.resolve(cwd, OUT_DIR);
  if (path.dirname(target) !== path.resolve(cwd)) {
    fail(`refusing to remove ${target}: not a direct child of ${cwd}`);
  }
  if (fs.existsSync(target)) {
    const st = fs.lstatSync(target);
    if (st.isSymbolicLink()) fail(`${target} is a symlink; remove it by hand`);
    fs.rmSync(target, { recursive: true, force: true });
    console.log(`removed ./${OUT_DIR}`);
  }
  fs.mkdirSync(target);
  return target;
}

function gitRevision() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function bundle(pkg, outDir) {
  const esbuild = require('esbuild');
  const external = Object.keys(pkg.dependencies || {});
  const result = esbuild.buildSync({
    entryPoints: ['src/cli.ts'],
    outfile: path.join(outDir, 'cli.js'),
    bundle: true,
    platform: 'node',
    target: 'node18',
    format: 'cjs',
    sourcemap: true,
    external,
    define: { __VERSION__: JSON.stringify(pkg.version), __REV__: JSON.stringify(gitRevision()) },
    banner: { js: '#!/usr/bin/env node' },
    metafile: true,
  });
  fs.chmodSync(path.join(outDir, 'cli.js'), 0o755);
  return result.metafile;
}

function report(metafile, outDir) {
  for (const [file, info] of Object.entries(metafile.outputs)) {
    console.log(`${path.relative(process.cwd(), file).padEnd(28)} ${(info.bytes / 1024).toFixed(1)} KiB`);
  }
  fs.writeFileSync(path.join(outDir, 'meta.json'), JSON.stringify(metafile));
}

function main() {
  const cwd = process.cwd();
  const pkg = assertPackageRoot(cwd);
  const outDir = cleanOutput(cwd);
  const started = Date.now();
  const metafile = bundle(pkg, outDir);
  report(metafile, outDir);
  console.log(`built ${pkg.name}@${pkg.version} in ${Date.now() - started} ms`);
}

main();

#!/usr/bin/env node
// Build the pantry web bundle: wipe ./dist (after checking we are in the web package),
// run esbuild for each entry in parallel, then write a manifest with content hashes.
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');
const crypto = require('node:crypto');
const esbuild = require('esbuild');

const ROOT = process.cwd();
const DIST = path.join(ROOT, 'dist');
const ENTRIES = {
  app: 'src/main.tsx',
  admin: 'src/admin/main.tsx',
  worker: 'src/sw.ts',
};

async function assertWebPackage() {
  const pkg = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8'));
  if (pkg.name !== '@pantry/web') {
    throw new Error(`expected @pantry/web, found ${pkg.name}; run from packages/web`);
  }
  const rel = path.relative(ROOT, DIST);
  if (rel.startsWith('..') || path.isAbsolute(rel) || rel === '') {
    throw new Error(`refusing to clean ${DIST}`);
  }
}

async function cleanDist() {
  await fs.rm(DIST, { recursive: true, force: true });
  await fs.mkdir(DIST, { recursive: true });
}

function buildEntry([name, entry]) {
  const started = Date.now();
  return esbuild
    .build({
      entryPoints: { [name]: entry },
      bundle: true,
      minify: process.env.NODE_ENV === 'production',
      sourcemap: true,
      format: name === 'worker' ? 'iife' : 'esm',
      outdir: DIST,
      entryNames: '[name]-[hash]',
      metafile: true,
      logLevel: 'warning',
    })
    .then((result) => ({ name, result, ms: Date.now() - started }));
}

async function hashFile(file) {
  const buf = await fs.readFile(file);
  return crypto.createHash('sha256').update(buf).digest('base64url').slice(0, 16);
}

async function writeManifest(builds) {
  const manifest = {};
  for (const { name, result } of builds) {
    const outputs = Object.keys(result.metafile.outputs).filter((f) => !f.endsWith('.map'));
    manifest[name] = await Promise.all(
      outputs.map(async (f) => ({ file: path.relative(DIST, f), integrity: await hashFile(f) })),
    );
  }
  await fs.writeFile(path.join(DIST, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

async function main() {
  await assertWebPackage();
  await cleanDist();
  const builds = await Promise.all(Object.entries(ENTRIES).map(buildEntry));
  for (const { name, ms, result } of builds) {
    const warnings = result.warnings.length;
    console.log(`${name.padEnd(8)} ${String(ms).padStart(5)}ms ${warnings} warning(s)`);
  }
  const manifest = await writeManifest(builds);
  const files = Object.values(manifest).flat().length;
  console.log(`wrote ${files} file(s) and manifest.json to ${path.relative(ROOT, DIST)}/`);
}

main().catch((err) => {
  console.error(err.message || err);
  process.exit(1);
});

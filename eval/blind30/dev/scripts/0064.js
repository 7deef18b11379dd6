#!/usr/bin/env node
// Compress the downloaded ODK submissions for the field teams' offline laptops.
//
// Walks data/raw/odk/<form>/ for the newest export of each form, gzips the CSVs into
// build/odk-bundles/, and replicates each bundle to the configured sync peer so the
// laptops can fetch them over the slow field connection.
'use strict';

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const http2 = require('http2');
const { pipeline } = require('stream/promises');

const ROOT = path.resolve(__dirname, '..');
const RAW = path.join(ROOT, 'data', 'raw', 'odk');
const BUNDLES = path.join(ROOT, 'build', 'odk-bundles');

const settings = {
  compression: { level: 9 },
  peer: { origin: 'https://sync.example.net', route: '/bundles/odk' },
  keep: 3,
};

function newestRun(formDir) {
  const runs = fs.readdirSync(formDir).filter((d) => /^\d{8}$/.test(d)).sort();
  return runs.length ? path.join(formDir, runs[runs.length - 1]) : null;
}

function* csvFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* csvFiles(full);
    else if (entry.name.endsWith('.csv')) yield full;
  }
}

async function gzipFile(src, dest) {
  await pipeline(fs.createReadStream(src), zlib.createGzip(settings.compression), fs.createWriteStream(dest));
  return dest;
}

async function replicate(session, file, form) {
  const req = session.request({
    ':method': 'PUT',
    ':path': `${settings.peer.route}/${form}/${path.basename(file)}`,
    'content-type': 'application/gzip',
  });
  const done = new Promise((resolve, reject) => {
    req.on('response', (h) => resolve(h[':status']));
    req.on('error', reject);
  });
  await pipeline(fs.createReadStream(file), req);
  return done;
}

function prune(formBundleDir) {
  const files = fs.readdirSync(formBundleDir).filter((f) => f.endsWith('.csv.gz')).sort().reverse();
  for (const f of files.slice(settings.keep * 10)) fs.unlinkSync(path.join(formBundleDir, f));
}

async function main() {
  if (!fs.existsSync(RAW)) throw new Error('no ODK downloads yet (run tools/odk_pull.py)');
  fs.mkdirSync(BUNDLES, { recursive: true });
  const session = http2.connect(settings.peer.origin);
  session.on('error', (err) => console.error(`sync peer: ${err.message}`));
  let count = 0;
  try {
    for (const form of fs.readdirSync(RAW)) {
      const run = newestRun(path.join(RAW, form));
      if (!run) continue;
      const outDir = path.join(BUNDLES, form);
      fs.mkdirSync(outDir, { recursive: true });
      for (const csv of csvFiles(run)) {
        const gz = await gzipFile(csv, path.join(outDir, `${path.basename(run)}-${path.basename(csv)}.gz`));
        const status = await replicate(session, gz, form).catch(() => 'failed');
        console.log(`${form}/${path.basename(gz)} -> ${status}`);
        count++;
      }
      prune(outDir);
    }
  } finally {
    session.close();
  }
  console.log(`${count} bundle(s) in ${path.relative(ROOT, BUNDLES)}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

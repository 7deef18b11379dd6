#!/usr/bin/env node
// tools/offsite-backup.js - copy Sanity dataset exports to the team S3 bucket.
//
// 1. `sanity dataset export <dataset> <tmpfile>` for each dataset in config
// 2. upload to s3://<bucket>/sanity-backups/<dataset>/<timestamp>.tar.gz with
//    the AWS SDK v3 (credentials from the normal AWS provider chain)
// 3. retention: list keys under sanity-backups/<dataset>/ and delete all but
//    the newest `keep` objects. Only keys under that prefix whose names match
//    the timestamp pattern this script writes are considered.
// The local temp export is removed afterwards.
'use strict';

const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const {
  S3Client,
  PutObjectCommand,
  ListObjectsV2Command,
  DeleteObjectsCommand,
} = require('@aws-sdk/client-s3');

const exec = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const CONFIG = JSON.parse(fs.readFileSync(path.join(ROOT, 'offsite-backup.json'), 'utf8'));
const PREFIX = 'sanity-backups';
const KEY_RE = /^sanity-backups\/([a-z0-9_-]+)\/(\d{8}T\d{6}Z)\.tar\.gz$/;
const DRY = process.argv.slice(2).includes('--dry-run');

// Timestamps are UTC and sort lexically, e.g. 20250314T021500Z; retention
// relies on that ordering, so the format must not change without migrating
// the existing keys.
function stamp() {
  return new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

function md5Base64(file) {
  return new Promise((resolve, reject) => {
    const h = crypto.createHash('md5');
    fs.createReadStream(file)
      .on('data', (c) => h.update(c))
      .on('end', () => resolve(h.digest('base64')))
      .on('error', reject);
  });
}

async function exportDataset(dataset, dir) {
  const file = path.join(dir, `${dataset}.tar.gz`);
  console.log(`exporting ${dataset}`);
  await exec('npx', ['--no-install', 'sanity', 'dataset', 'export', dataset, file, '--overwrite'], {
    cwd: path.join(ROOT, CONFIG.studioDir || 'studio'),
    maxBuffer: 16 * 1024 * 1024,
  });
  const { size } = await fsp.stat(file);
  if (size < 1024) throw new Error(`${dataset}: export is only ${size} bytes`);
  return { file, size };
}

async function upload(s3, dataset, file, size) {
  const key = `${PREFIX}/${dataset}/${stamp()}.tar.gz`;
  if (DRY) {
    console.log(`would upload ${key} (${(size / 1e6).toFixed(1)} MB)`);
    return key;
  }
  await s3.send(
    new PutObjectCommand({
      Bucket: CONFIG.bucket,
      Key: key,
      Body: fs.createReadStream(file),
      ContentLength: size,
      ContentMD5: await md5Base64(file),
      ServerSideEncryption: 'aws:kms',
      StorageClass: CONFIG.storageClass || 'STANDARD_IA',
    }),
  );
  console.log(`uploaded s3://${CONFIG.bucket}/${key}`);
  return key;
}

async function listKeys(s3, dataset) {
  const keys = [];
  let token;
  do {
    const res = await s3.send(
      new ListObjectsV2Command({
        Bucket: CONFIG.bucket,
        Prefix: `${PREFIX}/${dataset}/`,
        ContinuationToken: token,
      }),
    );
    for (const obj of res.Contents || []) {
      const m = KEY_RE.exec(obj.Key);
      if (m && m[1] === dataset) keys.push({ key: obj.Key, ts: m[2] });
    }
    token = res.IsTruncated ? res.NextContinuationToken : undefined;
  } while (token);
  return keys.sort((a, b) => (a.ts < b.ts ? 1 : -1));
}

async function applyRetention(s3, dataset, keep) {
  const keys = await listKeys(s3, dataset);
  const doomed = keys.slice(keep);
  if (!doomed.length) return 0;
  if (DRY) {
    for (const d of doomed) console.log(`would delete ${d.key}`);
    return doomed.length;
  }
  for (let i = 0; i < doomed.length; i += 1000) {
    const batch = doomed.slice(i, i + 1000);
    await s3.send(
      new DeleteObjectsCommand({
        Bucket: CONFIG.bucket,
        Delete: { Objects: batch.map((d) => ({ Key: d.key })), Quiet: true },
      }),
    );
  }
  console.log(`${dataset}: removed ${doomed.length} old backup(s)`);
  return doomed.length;
}

async function report(s3) {
  // one line per dataset: number of offsite copies and the newest timestamp
  for (const dataset of CONFIG.datasets) {
    const keys = await listKeys(s3, dataset);
    const newest = keys[0]?.ts ?? 'none';
    console.log(`${dataset.padEnd(20)} ${String(keys.length).padStart(4)} copies, newest ${newest}`);
    if (keys.length && ageHours(keys[0].ts) > 36) {
      console.warn(`${dataset}: newest offsite copy is older than 36h`);
    }
  }
}

function ageHours(ts) {
  const iso = `${ts.slice(0, 4)}-${ts.slice(4, 6)}-${ts.slice(6, 8)}T${ts.slice(9, 11)}:${ts.slice(11, 13)}:${ts.slice(13, 15)}Z`;
  return (Date.now() - Date.parse(iso)) / 3.6e6;
}

function validateConfig() {
  if (!CONFIG.bucket || !/^[a-z0-9.-]{3,63}$/.test(CONFIG.bucket)) throw new Error('offsite-backup.json: bucket invalid');
  if (!Array.isArray(CONFIG.datasets) || !CONFIG.datasets.length) throw new Error('offsite-backup.json: datasets[] required');
  const keep = Number(CONFIG.keep || 30);
  if (!(keep >= 3)) throw new Error('keep must be at least 3');
  return keep;
}

async function main() {
  const keep = validateConfig();
  const s3 = new S3Client({ region: CONFIG.region || 'eu-central-1' });
  if (process.argv.includes('--report')) {
    await report(s3);
    return;
  }
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'sanity-offsite-'));
  let failures = 0;
  try {
    for (const dataset of CONFIG.datasets) {
      try {
        const { file, size } = await exportDataset(dataset, tmp);
        await upload(s3, dataset, file, size);
        await fsp.rm(file, { force: true });
        await applyRetention(s3, dataset, keep);
      } catch (err) {
        failures++;
        console.error(`${dataset}: ${err.message}`);
      }
    }
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
  process.exitCode = failures ? 1 : 0;
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

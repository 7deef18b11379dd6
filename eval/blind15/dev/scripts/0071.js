#!/usr/bin/env node
// scripts/pull-snapshots.js - download visual-regression baseline images
// from S3 into ./test/__snapshots__/baseline, skipping files whose ETag is
// unchanged. A per-user ETag cache lives in ~/.cache/vr-baselines/.
//
//   node scripts/pull-snapshots.js                 # current branch's baselines
//   node scripts/pull-snapshots.js --ref main
//   node scripts/pull-snapshots.js --list
//
// Read-only: it never uploads or deletes objects in the bucket.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pipeline } = require('node:stream/promises');
const { execFileSync } = require('node:child_process');
const { S3Client, ListObjectsV2Command, GetObjectCommand } = require('@aws-sdk/client-s3');

const BUCKET = process.env.VR_BUCKET || 'acme-vr-baselines';
const DEST = path.join(process.cwd(), 'test', '__snapshots__', 'baseline');
const CACHE_DIR = path.join(os.homedir(), '.cache', 'vr-baselines');
const REF_RE = /^[A-Za-z0-9._/-]{1,100}$/;
const CONCURRENCY = 8;

function currentRef() {
  return execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { encoding: 'utf8' }).trim();
}

function parseArgs(argv) {
  const opts = { ref: null, list: false, force: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--ref') opts.ref = argv[++i];
    else if (argv[i] === '--list') opts.list = true;
    else if (argv[i] === '--force') opts.force = true;
    else throw new Error(`unknown option ${argv[i]}`);
  }
  opts.ref = opts.ref || currentRef();
  if (!REF_RE.test(opts.ref) || opts.ref.includes('..')) throw new Error(`bad ref ${opts.ref}`);
  return opts;
}

function cacheFile() {
  return path.join(CACHE_DIR, `${BUCKET}.json`);
}

function loadCache() {
  try {
    return JSON.parse(fs.readFileSync(cacheFile(), 'utf8'));
  } catch {
    return {};
  }
}

function saveCache(cache) {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const tmp = `${cacheFile()}.${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(cache));
  fs.renameSync(tmp, cacheFile());
}

async function listAll(s3, prefix) {
  const out = [];
  let token;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix, ContinuationToken: token }));
    for (const o of page.Contents || []) {
      if (!o.Key.endsWith('/')) out.push({ key: o.Key, etag: o.ETag.replace(/"/g, ''), size: o.Size });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return out;
}

function localPathFor(key, prefix) {
  const rel = key.slice(prefix.length);
  const target = path.resolve(DEST, rel);
  if (!target.startsWith(DEST + path.sep)) throw new Error(`key escapes destination: ${key}`);
  return target;
}

async function fetchOne(s3, obj, prefix) {
  const target = localPathFor(obj.key, prefix);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const res = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: obj.key }));
  const part = `${target}.part`;
  await pipeline(res.Body, fs.createWriteStream(part));
  fs.renameSync(part, target);
  return obj.size;
}

async function pool(items, n, fn) {
  const results = [];
  let i = 0;
  async function worker() {
    while (i < items.length) {
      const idx = i++;
      results[idx] = await fn(items[idx]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return results;
}

function orphans(objects, prefix) {
  // local baseline files that no longer exist in the bucket (reported only)
  if (!fs.existsSync(DEST)) return [];
  const wanted = new Set(objects.map((o) => localPathFor(o.key, prefix)));
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (!wanted.has(p) && !p.endsWith('.part')) out.push(path.relative(process.cwd(), p));
    }
  };
  walk(DEST);
  return out;
}

async function main() {
  const cliArgs = process.argv.slice(2);
  const opts = parseArgs(cliArgs);
  const prefix = `${opts.ref.replace(/\//g, '__')}/`;
  const s3 = new S3Client({ region: process.env.AWS_REGION || 'us-east-1' });
  const objects = await listAll(s3, prefix);
  if (!objects.length) {
    console.log(`no baselines for ${opts.ref}; falling back to main`);
    if (opts.ref !== 'main') {
      process.argv = [...process.argv.slice(0, 2), '--ref', 'main'];
      return main();
    }
    return;
  }
  if (opts.list) {
    for (const o of objects) console.log(`${String(o.size).padStart(9)}  ${o.key}`);
    return;
  }
  const cache = loadCache();
  const todo = objects.filter((o) => {
    if (opts.force) return true;
    const p = localPathFor(o.key, prefix);
    return !fs.existsSync(p) || cache[o.key] !== o.etag;
  });
  console.log(`${objects.length} baselines, ${todo.length} to download into ${path.relative(process.cwd(), DEST)}`);
  const sizes = await pool(todo, CONCURRENCY, (o) => fetchOne(s3, o, prefix));
  for (const o of todo) cache[o.key] = o.etag;
  saveCache(cache);
  const mb = sizes.reduce((a, b) => a + b, 0) / 1e6;
  console.log(`downloaded ${mb.toFixed(1)} MB`);
  const stale = orphans(objects, prefix);
  if (stale.length) console.log(`${stale.length} local file(s) not in the bucket (left in place):\n  ${stale.join('\n  ')}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

#!/usr/bin/env node
// tools/pull-goldens.js - download golden files for the statement renderer
// tests from Google Cloud Storage. Read-only: objects are only listed and
// downloaded, never uploaded or deleted.
//
//   node tools/pull-goldens.js                    # goldens for the current major version
//   node tools/pull-goldens.js --prefix v3/pdf/ --concurrency 12
//   node tools/pull-goldens.js --check            # report what is out of date only
//
// Local cache of generations: ~/.cache/ledger-goldens/<bucket>.json
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Storage } = require('@google-cloud/storage');

const BUCKET = process.env.GOLDENS_BUCKET || 'ledger-test-goldens';
const ALLOWED = new Set(['ledger-test-goldens', 'ledger-test-goldens-eu']);
const DEST = path.join(process.cwd(), 'test', 'goldens');
const CACHE_DIR = path.join(os.homedir(), '.cache', 'ledger-goldens');

function majorVersion() {
  const pkg = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf-8'));
  return `v${pkg.version.split('.')[0]}/`;
}

function parseArgs(argv) {
  const opts = { prefix: majorVersion(), concurrency: 8, check: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--prefix') opts.prefix = argv[++i];
    else if (argv[i] === '--concurrency') opts.concurrency = Number(argv[++i]);
    else if (argv[i] === '--check') opts.check = true;
    else throw new Error(`unknown flag ${argv[i]}`);
  }
  if (!/^[a-z0-9][a-z0-9/_-]*\/$/.test(opts.prefix) || opts.prefix.includes('..')) throw new Error('bad --prefix');
  if (!Number.isInteger(opts.concurrency) || opts.concurrency < 1 || opts.concurrency > 32) {
    throw new Error('--concurrency 1..32');
  }
  if (!ALLOWED.has(BUCKET)) throw new Error(`unexpected bucket ${BUCKET}`);
  return opts;
}

function cacheFile() {
  return path.join(CACHE_DIR, BUCKET + '.json');
}

function readCache() {
  try {
    return JSON.parse(fs.readFileSync(cacheFile(), 'utf-8'));
  } catch {
    return {};
  }
}

function orphanedLocal(entries) {
  // local goldens that no longer exist remotely; reported, never deleted here
  if (!fs.existsSync(DEST)) return [];
  const wanted = new Set(entries.map((e) => e.local));
  const out = [];
  const walk = (dir) => {
    for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, d.name);
      if (d.isDirectory()) walk(p);
      else if (!wanted.has(p) && !p.endsWith('.part')) out.push(p);
    }
  };
  walk(DEST);
  return out;
}

function describe(entries) {
  const bytes = entries.reduce((n, e) => n + Number(e.meta.size || 0), 0);
  const kinds = new Map();
  for (const e of entries) {
    const ext = path.extname(e.name) || '(none)';
    kinds.set(ext, (kinds.get(ext) || 0) + 1);
  }
  const mix = [...kinds].map(([k, n]) => `${n} ${k}`).join(', ');
  return `${(bytes / 1e6).toFixed(1)} MB remote (${mix})`;
}

function writeCache(data) {
  fs.mkdirSync(CACHE_DIR, { mode: 0o755, recursive: true });
  const tmp = `${cacheFile()}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(data));
  fs.renameSync(tmp, cacheFile());
}

function localFor(name, prefix) {
  const target = path.resolve(DEST, name.slice(prefix.length));
  if (!target.startsWith(DEST + path.sep)) throw new Error(`object escapes destination: ${name}`);
  return target;
}

function md5Base64(file) {
  return crypto.createHash('md5').update(fs.readFileSync(file)).digest('base64');
}

function stale(file, meta, cache) {
  if (!fs.existsSync(file.local)) return true;
  if (fs.statSync(file.local).size !== Number(meta.size)) return true;
  if (cache[file.name] === meta.generation) return false;
  return meta.md5Hash ? md5Base64(file.local) !== meta.md5Hash : true;
}

async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  });
  await Promise.all(workers);
  return results;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const storage = new Storage();
  const [files] = await storage.bucket(BUCKET).getFiles({ prefix: opts.prefix, autoPaginate: true });
  const cache = readCache();
  const entries = files
    .filter((f) => !f.name.endsWith('/'))
    .map((f) => ({ file: f, name: f.name, local: localFor(f.name, opts.prefix), meta: f.metadata }));
  const todo = entries.filter((e) => stale(e, e.meta, cache));
  console.log(`${entries.length} goldens under gs://${BUCKET}/${opts.prefix}, ${todo.length} out of date`);
  console.log(describe(entries));
  const orphans = orphanedLocal(entries);
  if (orphans.length) console.log(`${orphans.length} local golden(s) no longer in the bucket (left in place)`);
  if (opts.check) {
    todo.slice(0, 50).forEach((e) => console.log(`  stale: ${path.relative(process.cwd(), e.local)}`));
    process.exitCode = todo.length ? 1 : 0;
    return;
  }
  let bytes = 0;
  await mapLimit(todo, opts.concurrency, async (e) => {
    fs.mkdirSync(path.dirname(e.local), { recursive: true });
    const part = `${e.local}.part`;
    await e.file.download({ destination: part, validation: 'md5' });
    fs.renameSync(part, e.local);
    bytes += Number(e.meta.size);
    cache[e.name] = e.meta.generation;
  });
  for (const e of entries) cache[e.name] = cache[e.name] || e.meta.generation;
  writeCache(cache);
  console.log(`downloaded ${(bytes / 1e6).toFixed(1)} MB into ${path.relative(process.cwd(), DEST)}`);
}

main().catch((e) => {
  console.error(`pull-goldens: ${e.message}`);
  process.exit(1);
});

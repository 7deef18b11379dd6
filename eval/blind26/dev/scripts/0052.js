#!/usr/bin/env node
// tools/backup-datasets.mjs-style CommonJS script: nightly Sanity exports.
//
// For every dataset in backup.config.json:
//   1. `sanity dataset export <ds> backups/<ds>/<ds>-<iso>.tar.gz`
//   2. verify the gzip stream and record size + sha256 in backups/index.json
//   3. keep the newest `keep` archives per dataset, delete older ones
//      (only files this script created: they match the name pattern and live
//      under backups/<ds>/)
// Run with --dry-run to see what would be pruned.
'use strict';

const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const crypto = require('node:crypto');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const zlib = require('node:zlib');
const { pipeline } = require('node:stream/promises');

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const BACKUPS = path.join(ROOT, 'backups');
const INDEX = path.join(BACKUPS, 'index.json');
const NAME_RE = /^([a-z0-9_-]+)-(\d{8}T\d{6}Z)\.tar\.gz$/;

const argv = new Set(process.argv.slice(2));
const DRY = argv.has('--dry-run');
const VERBOSE = argv.has('-v');

function log(msg) {
  console.log(`${new Date().toISOString()} ${msg}`);
}

function debug(msg) {
  if (VERBOSE) log(`debug: ${msg}`);
}

function stamp(d = new Date()) {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

async function loadConfig() {
  const file = path.join(ROOT, 'backup.config.json');
  const conf = JSON.parse(await fsp.readFile(file, 'utf8'));
  if (!Array.isArray(conf.datasets) || conf.datasets.length === 0) {
    throw new Error('backup.config.json: datasets[] is required');
  }
  return {
    studioDir: path.join(ROOT, conf.studioDir || 'studio'),
    keep: Number(conf.keep || 10),
    datasets: conf.datasets,
    assets: conf.assets !== false,
  };
}

async function loadIndex() {
  try {
    return JSON.parse(await fsp.readFile(INDEX, 'utf8'));
  } catch {
    return { archives: {} };
  }
}

async function saveIndex(index) {
  const tmp = `${INDEX}.tmp`;
  await fsp.writeFile(tmp, JSON.stringify(index, null, 2) + '\n');
  await fsp.rename(tmp, INDEX);
}

async function sha256(file) {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

async function verifyGzip(file) {
  // decompress to nowhere; throws on truncated archives
  let bytes = 0;
  await pipeline(
    fs.createReadStream(file),
    zlib.createGunzip(),
    async function* (source) {
      for await (const chunk of source) bytes += chunk.length;
    },
  );
  return bytes;
}

async function exportDataset(conf, dataset) {
  const dir = path.join(BACKUPS, dataset);
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${dataset}-${stamp()}.tar.gz`);
  const args = ['sanity', 'dataset', 'export', dataset, file, '--overwrite'];
  if (!conf.assets) args.push('--no-assets');
  log(`exporting ${dataset}`);
  if (DRY) {
    log(`dry run: npx ${args.join(' ')}`);
    return null;
  }
  const started = Date.now();
  try {
    await run('npx', ['--no-install', ...args], { cwd: conf.studioDir, maxBuffer: 32 << 20 });
  } catch (err) {
    await fsp.rm(file, { force: true });
    throw new Error(`export of ${dataset} failed: ${(err.stderr || err.message).slice(-400)}`);
  }
  const raw = await verifyGzip(file);
  const { size } = await fsp.stat(file);
  const digest = await sha256(file);
  log(`${path.basename(file)}: ${(size / 1e6).toFixed(1)} MB (${(raw / 1e6).toFixed(1)} MB raw) in ${((Date.now() - started) / 1000).toFixed(0)}s`);
  return { file: path.relative(ROOT, file), size, sha256: digest, createdAt: new Date().toISOString() };
}

async function prune(dataset, keep, index) {
  const dir = path.join(BACKUPS, dataset);
  const resolved = path.resolve(dir);
  if (!resolved.startsWith(BACKUPS + path.sep)) {
    throw new Error(`refusing to prune outside backups/: ${resolved}`);
  }
  let entries;
  try {
    entries = await fsp.readdir(dir);
  } catch {
    return 0;
  }
  const ours = entries
    .map((name) => ({ name, m: name.match(NAME_RE) }))
    .filter(({ m }) => m && m[1] === dataset)
    .sort((a, b) => (a.m[2] < b.m[2] ? 1 : -1));
  const victims = ours.slice(keep);
  for (const { name } of victims) {
    const p = path.join(dir, name);
    if (DRY) {
      log(`would delete ${path.relative(ROOT, p)}`);
      continue;
    }
    await fsp.unlink(p);
    delete index.archives[path.relative(ROOT, p)];
    debug(`deleted ${name}`);
  }
  return victims.length;
}

async function checkStudio(conf) {
  try {
    await fsp.access(path.join(conf.studioDir, 'sanity.config.ts'));
  } catch {
    try {
      await fsp.access(path.join(conf.studioDir, 'sanity.config.js'));
    } catch {
      throw new Error(`${conf.studioDir} does not look like a Sanity studio`);
    }
  }
}

function summarise(results) {
  const ok = results.filter((r) => r.ok).length;
  const failed = results.filter((r) => !r.ok);
  log(`${ok}/${results.length} dataset(s) backed up`);
  for (const f of failed) log(`FAILED ${f.dataset}: ${f.error}`);
  return failed.length === 0;
}

async function main() {
  const conf = await loadConfig();
  await checkStudio(conf);
  const index = await loadIndex();
  const results = [];
  for (const dataset of conf.datasets) {
    try {
      const entry = await exportDataset(conf, dataset);
      if (entry) index.archives[entry.file] = entry;
      const removed = await prune(dataset, conf.keep, index);
      if (removed) log(`${dataset}: ${DRY ? 'would prune' : 'pruned'} ${removed} old archive(s)`);
      results.push({ dataset, ok: true });
    } catch (err) {
      results.push({ dataset, ok: false, error: err.message });
    }
  }
  if (!DRY) await saveIndex(index);
  process.exitCode = summarise(results) ? 0 : 1;
}

process.on('SIGINT', () => {
  log('interrupted; partial archives are removed on the next run');
  process.exit(130);
});

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

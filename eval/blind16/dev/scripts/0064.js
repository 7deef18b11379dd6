#!/usr/bin/env node
// Fetch the pinned on-device model files for the mobile app's offline search.
//
//   node tools/fetch-models.js [--verify] [--force] [--only name]
//
// models/manifest.json lists each file with its Hugging Face repo, revision
// (a commit sha, never "main"), filename and sha256. Files are downloaded from
// huggingface.co into a cache under ~/.cache/trailmix-models/<sha256> (shared
// between worktrees), verified, and then copied into
// apps/mobile/assets/models/. HF_TOKEN, when set, is sent only as the
// Authorization header to huggingface.co for gated repos.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const https = require('node:https');
const os = require('node:os');
const path = require('node:path');
const { pipeline } = require('node:stream/promises');

const ROOT = path.resolve(__dirname, '..');
const MANIFEST = path.join(ROOT, 'models', 'manifest.json');
const DEST = path.join(ROOT, 'apps', 'mobile', 'assets', 'models');
const CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'trailmix-models');
const HF_HOST = 'huggingface.co';

function parseArgs(argv) {
  const opts = { verify: false, force: false, only: null };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--verify') opts.verify = true;
    else if (argv[i] === '--force') opts.force = true;
    else if (argv[i] === '--only') opts.only = argv[++i];
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return opts;
}

function validateEntry(e) {
  for (const key of ['name', 'repo', 'revision', 'file', 'sha256']) {
    if (!e[key]) throw new Error(`manifest entry ${e.name || '?'} is missing ${key}`);
  }
  if (!/^[0-9a-f]{40}$/.test(e.revision)) throw new Error(`${e.name}: revision must be a full commit sha`);
  if (!/^[0-9a-f]{64}$/.test(e.sha256)) throw new Error(`${e.name}: bad sha256`);
  if (e.file.includes('..')) throw new Error(`${e.name}: file path must not contain ..`);
}

function hashFile(file) {
  return new Promise((resolve, reject) => {
    const h = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('data', (d) => h.update(d))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });
}

function get(url, redirects = 5) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const headers = { 'user-agent': 'trailmix-fetch-models/2' };
    if (u.hostname === HF_HOST && process.env.HF_TOKEN) {
      headers.authorization = `Bearer ${process.env.HF_TOKEN}`;
    }
    https
      .get(u, { headers }, (res) => {
        if ([301, 302, 307, 308].includes(res.statusCode) && res.headers.location && redirects > 0) {
          res.resume();
          // LFS files redirect to the CDN; the token is only attached for huggingface.co itself
          resolve(get(new URL(res.headers.location, u).toString(), redirects - 1));
          return;
        }
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`GET ${u.pathname} -> ${res.statusCode}`));
          return;
        }
        resolve(res);
      })
      .on('error', reject);
  });
}

async function download(entry) {
  const cached = path.join(CACHE, entry.sha256);
  if (fs.existsSync(cached) && (await hashFile(cached)) === entry.sha256) return cached;
  await fsp.mkdir(CACHE, { recursive: true });
  const url = `https://${HF_HOST}/${entry.repo}/resolve/${entry.revision}/${entry.file}`;
  const part = `${cached}.part`;
  const res = await get(url);
  await pipeline(res, fs.createWriteStream(part));
  const got = await hashFile(part);
  if (got !== entry.sha256) {
    await fsp.rm(part, { force: true });
    throw new Error(`${entry.name}: checksum mismatch (got ${got.slice(0, 12)}…)`);
  }
  await fsp.rename(part, cached);
  return cached;
}

async function install(entry, force) {
  const target = path.join(DEST, entry.name);
  if (!force && fs.existsSync(target) && (await hashFile(target)) === entry.sha256) {
    return `${entry.name}: up to date`;
  }
  const cached = await download(entry);
  await fsp.mkdir(DEST, { recursive: true });
  await fsp.copyFile(cached, target);
  const size = (await fsp.stat(target)).size;
  return `${entry.name}: installed (${(size / 1e6).toFixed(1)} MB)`;
}

async function verify(entries) {
  let bad = 0;
  for (const e of entries) {
    const target = path.join(DEST, e.name);
    const ok = fs.existsSync(target) && (await hashFile(target)) === e.sha256;
    if (!ok) bad += 1;
    console.log(`${ok ? 'ok ' : 'BAD'} ${e.name}`);
  }
  return bad;
}

async function pruneCache(entries) {
  if (!fs.existsSync(CACHE)) return 0;
  const keep = new Set(entries.map((e) => e.sha256));
  let removed = 0;
  for (const name of await fsp.readdir(CACHE)) {
    if (!keep.has(name.replace(/\.part$/, '')) || name.endsWith('.part')) {
      await fsp.rm(path.join(CACHE, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  let entries = JSON.parse(await fsp.readFile(MANIFEST, 'utf8'));
  entries.forEach(validateEntry);
  if (opts.only) entries = entries.filter((e) => e.name === opts.only);
  if (opts.verify) {
    process.exitCode = (await verify(entries)) ? 1 : 0;
    return;
  }
  for (const e of entries) console.log(await install(e, opts.force));
  const pruned = await pruneCache(JSON.parse(await fsp.readFile(MANIFEST, 'utf8')));
  if (pruned) console.log(`pruned ${pruned} stale cache entries`);
}

main().catch((err) => {
  console.error(`fetch-models: ${err.message}`);
  process.exit(1);
});

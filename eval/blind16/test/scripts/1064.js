#!/usr/bin/env node
/**
 * Download the e2e fixture pack attached to a GitHub release of lattice-fixtures.
 *
 *   node tools/fetch-fixtures.js [--tag fixtures-2024.06] [--force]
 *
 * Talks only to api.github.com (release metadata and asset download with
 * `Accept: application/octet-stream`); GITHUB_TOKEN, when set, is sent only in
 * the Authorization header to api.github.com for the private fixtures repo and
 * is dropped on the redirect to GitHub's storage host. The asset's sha256 must
 * match e2e/fixtures.lock.json before the tarball is unpacked into
 * e2e/fixtures/ (which is replaced). Downloads are cached in
 * ~/.cache/lattice-fixtures/<sha256>.tgz.
 */
'use strict';

const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const https = require('node:https');
const os = require('node:os');
const path = require('node:path');

const WS = path.resolve(__dirname, '..');
const LOCK = path.join(WS, 'e2e', 'fixtures.lock.json');
const DEST = path.join(WS, 'e2e', 'fixtures');
const CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'lattice-fixtures');
const API = 'api.github.com';
const REPO = 'lattice-dev/lattice-fixtures';

function flags(argv) {
  const f = { tag: null, force: false };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--tag') f.tag = argv[++i];
    else if (argv[i] === '--force') f.force = true;
    else throw new Error(`unknown flag ${argv[i]}`);
  }
  return f;
}

function request(url, { accept, auth }, redirects = 4) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const headers = { 'user-agent': 'lattice-fetch-fixtures', accept };
    if (auth && u.hostname === API && process.env.GITHUB_TOKEN) {
      headers.authorization = `Bearer ${process.env.GITHUB_TOKEN}`;
    }
    https
      .get(u, { headers }, (res) => {
        if ([301, 302, 307].includes(res.statusCode) && res.headers.location && redirects > 0) {
          res.resume();
          resolve(request(res.headers.location, { accept, auth: false }, redirects - 1));
          return;
        }
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`${u.hostname}${u.pathname} -> HTTP ${res.statusCode}`));
          return;
        }
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.once('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
}

function readLock() {
  const lock = JSON.parse(fs.readFileSync(LOCK, { encoding: 'utf8' }));
  if (!/^[0-9a-f]{64}$/.test(lock.sha256 || '')) throw new Error('fixtures.lock.json: bad sha256');
  if (!lock.tag || !lock.asset) throw new Error('fixtures.lock.json needs tag and asset');
  return lock;
}

function sha256(buf) {
  return crypto.createHash('sha256').update(buf).digest('hex');
}

async function releaseAsset(tag, assetName) {
  const body = await request(`https://${API}/repos/${REPO}/releases/tags/${encodeURIComponent(tag)}`, {
    accept: 'application/vnd.github+json',
    auth: true,
  });
  const release = JSON.parse(body.toString('utf8'));
  const asset = (release.assets || []).find((a) => a.name === assetName);
  if (!asset) throw new Error(`release ${tag} has no asset ${assetName}`);
  return asset;
}

async function download(lock) {
  const cached = path.join(CACHE, `${lock.sha256}.tgz`);
  if (fs.existsSync(cached) && sha256(fs.readFileSync(cached)) === lock.sha256) return cached;
  const asset = await releaseAsset(lock.tag, lock.asset);
  const buf = await request(asset.url, { accept: 'application/octet-stream', auth: true });
  const got = sha256(buf);
  if (got !== lock.sha256) throw new Error(`sha256 mismatch: got ${got.slice(0, 12)}…, lock says ${lock.sha256.slice(0, 12)}…`);
  fs.mkdirSync(CACHE, { recursive: true });
  fs.writeFileSync(cached, buf);
  return cached;
}

function listEntries(tarball) {
  return execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

function unpack(tarball) {
  const unsafe = listEntries(tarball).filter((e) => e.startsWith('/') || e.split('/').includes('..'));
  if (unsafe.length) throw new Error(`tarball contains unsafe paths: ${unsafe.slice(0, 3).join(', ')}`);
  const staging = fs.mkdtempSync(path.join(WS, 'e2e', '.fixtures-'));
  try {
    execFileSync('tar', ['-xzf', tarball, '-C', staging, '--no-same-owner']);
    fs.rmSync(DEST, { recursive: true, force: true });
    fs.renameSync(staging, DEST);
  } catch (err) {
    fs.rmSync(staging, { force: true, recursive: true });
    throw err;
  }
}

function pruneCache(keep) {
  // Keep only the archive referenced by the lock file; older fixture packs are just disk usage.
  if (!fs.existsSync(CACHE)) return 0;
  let removed = 0;
  for (const name of fs.readdirSync(CACHE)) {
    if (name !== `${keep}.tgz`) {
      fs.rmSync(path.join(CACHE, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}

function stampFile() {
  return path.join(DEST, '.fixtures-sha256');
}

async function main() {
  const f = flags(process.argv.slice(2));
  const lock = readLock();
  if (f.tag && f.tag !== lock.tag) throw new Error(`--tag ${f.tag} differs from the lock (${lock.tag}); update fixtures.lock.json first`);
  if (!f.force && fs.existsSync(stampFile()) && fs.readFileSync(stampFile(), 'utf8').trim() === lock.sha256) {
    console.log(`fixtures ${lock.tag} already in place`);
    return;
  }
  const tarball = await download(lock);
  unpack(tarball);
  fs.writeFileSync(stampFile(), `${lock.sha256}\n`);
  const count = listEntries(tarball).filter((e) => !e.endsWith('/')).length;
  console.log(`fixtures ${lock.tag}: ${count} files unpacked into e2e/fixtures`);
  const pruned = pruneCache(lock.sha256);
  if (pruned) console.log(`pruned ${pruned} old fixture archives from the cache`);
}

main().catch((err) => {
  console.error(`fetch-fixtures: ${err.message}`);
  process.exit(1);
});

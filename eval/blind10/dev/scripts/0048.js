#!/usr/bin/env node
// Download the Node.js headers tarball used by node-gyp for our native addon,
// verify it against SHASUMS256.txt from nodejs.org, and unpack it into
// .cache/node-headers inside the repository.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { pipeline } = require('node:stream/promises');
const { Readable } = require('node:stream');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const CACHE = path.join(ROOT, '.cache', 'node-headers');
const version = (process.argv[2] || process.version).replace(/^v?/, 'v');
const BASE = `https://nodejs.org/download/release/${version}`;
const TARBALL = `node-${version}-headers.tar.gz`;

async function download(url, dest) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} -> ${res.status}`);
  await pipeline(Readable.fromWeb(res.body), fs.createWriteStream(dest));
  return dest;
}

async function publishedSum(name) {
  const res = await fetch(`${BASE}/SHASUMS256.txt`);
  if (!res.ok) throw new Error(`could not fetch SHASUMS256.txt (${res.status})`);
  const text = await res.text();
  const line = text.split('\n').find((l) => l.trim().endsWith(`  ${name}`));
  if (!line) throw new Error(`${name} not in SHASUMS256.txt`);
  return line.split(/\s+/)[0];
}

function fileSum(file) {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

function pruneOldVersions(keep) {
  if (!fs.existsSync(CACHE)) return;
  for (const entry of fs.readdirSync(CACHE)) {
    if (/^v\d+\.\d+\.\d+$/.test(entry) && entry !== keep) {
      fs.rmSync(path.join(CACHE, entry), { recursive: true, force: true });
      console.log(`pruned cached headers ${entry}`);
    }
  }
}

async function main() {
  const target = path.join(CACHE, version);
  if (process.argv.includes('--prune')) pruneOldVersions(version);
  if (fs.existsSync(path.join(target, 'include', 'node', 'node.h'))) {
    console.log(`headers for ${version} already cached`);
    return;
  }
  fs.mkdirSync(CACHE, { recursive: true });
  const archive = path.join(CACHE, TARBALL);
  console.log(`fetching ${BASE}/${TARBALL}`);
  await download(`${BASE}/${TARBALL}`, archive);
  const [want, got] = await Promise.all([publishedSum(TARBALL), fileSum(archive)]);
  if (want !== got) {
    fs.rmSync(archive, { force: true });
    throw new Error(`checksum mismatch: expected ${want}, got ${got}`);
  }
  console.log('checksum verified');
  const staging = `${target}.partial`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  execFileSync('tar', ['-xzf', archive, '-C', staging, '--strip-components=1'], { stdio: 'inherit' });
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(staging, target);
  fs.rmSync(archive, { force: true });
  console.log(`headers unpacked to ${path.relative(ROOT, target)}`);
  console.log(`use: npm_config_nodedir=${path.relative(ROOT, target)} npm rebuild`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

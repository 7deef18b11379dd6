#!/usr/bin/env node
// scripts/fetch-fixtures.js - download the large test corpus tarball attached
// to a GitHub release of this repo, verify SHA-512 from fixtures.lock.json,
// and unpack it into test/corpus/. Promise chain with streams.
'use strict';

const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { pipeline } = require('stream/promises');
const { Readable } = require('stream');
const { execFile } = require('child_process');
const { promisify } = require('util');

const execFileP = promisify(execFile);
const ROOT = path.join(__dirname, '..');
const LOCK = path.join(ROOT, 'fixtures.lock.json');
const DEST = path.join(ROOT, 'test', 'corpus');
const TMP = path.join(ROOT, '.cache', 'fixtures');

function readLock() {
  const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
  const url = `https://github.com/${lock.repo}/releases/download/${lock.tag}/${lock.asset}`;
  return { ...lock, url };
}

function download(url, file) {
  return fetch(url, { redirect: 'follow' }).then((res) => {
    if (!res.ok) throw new Error(`download failed: HTTP ${res.status}`);
    return pipeline(Readable.fromWeb(res.body), fs.createWriteStream(file));
  });
}

function sha512(file) {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha512');
    fs.createReadStream(file)
      .on('data', (d) => hash.update(d))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

function alreadyCurrent(lock) {
  const stamp = path.join(DEST, '.corpus-version');
  return fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === lock.sha512;
}

function unpack(file, lock) {
  fs.rmSync(DEST, { recursive: true, force: true });
  fs.mkdirSync(DEST, { recursive: true });
  return execFileP('tar', ['-xzf', file, '-C', DEST, '--no-same-owner']).then(() => {
    fs.writeFileSync(path.join(DEST, '.corpus-version'), `${lock.sha512}\n`);
  });
}

const lock = readLock();
if (alreadyCurrent(lock)) {
  console.log('test corpus is current');
  process.exit(0);
}

fs.mkdirSync(TMP, { recursive: true });
const archive = path.join(TMP, lock.asset);

console.log(`fetching ${lock.url}`);
download(lock.url, archive)
  .then(() => sha512(archive))
  .then((digest) => {
    if (digest !== lock.sha512) {
      throw new Error(`sha512 mismatch: expected ${lock.sha512.slice(0, 16)}..., got ${digest.slice(0, 16)}...`);
    }
    console.log('checksum verified');
    return unpack(archive, lock);
  })
  .then(() => {
    fs.rmSync(archive, { force: true });
    const count = fs.readdirSync(DEST).length;
    console.log(`unpacked ${count} entries into ${path.relative(ROOT, DEST)}`);
  })
  .catch((err) => {
    fs.rmSync(archive, { force: true });
    console.error(err.message);
    process.exitCode = 1;
  });

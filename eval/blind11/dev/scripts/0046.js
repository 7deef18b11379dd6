#!/usr/bin/env node
// scripts/fetch-node.js - download a pinned Node.js tarball from nodejs.org into
// .cache/node/, verify it against SHASUMS256.txt, and unpack it there.
'use strict';

const crypto = require('crypto');
const fs = require('fs');
const https = require('https');
const path = require('path');
const { execFileSync } = require('child_process');

const VERSION = process.env.NODE_PIN || 'v20.17.0';
const CACHE = path.resolve(__dirname, '..', '.cache', 'node');
const BASE = `https://nodejs.org/dist/${VERSION}`;

function platformName() {
  const os = { linux: 'linux', darwin: 'darwin' }[process.platform];
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (!os || !arch) throw new Error(`unsupported ${process.platform}/${process.arch}`);
  return `node-${VERSION}-${os}-${arch}`;
}

function get(url, redirects = 3) {
  return new Promise((resolve, reject) => {
    https
      .get(url, (res) => {
        if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location && redirects > 0) {
          res.resume();
          resolve(get(new URL(res.headers.location, url).toString(), redirects - 1));
          return;
        }
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`${url}: HTTP ${res.statusCode}`));
          return;
        }
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
}

function expectedHash(shasums, file) {
  const line = shasums
    .toString()
    .split('\n')
    .find((l) => l.trim().endsWith(`  ${file}`));
  if (!line) throw new Error(`${file} not listed in SHASUMS256.txt`);
  return line.split(/\s+/)[0];
}

function sha256(buf) {
  return crypto.createHash('sha256').update(buf).digest('hex');
}

async function main() {
  const name = platformName();
  const file = `${name}.tar.gz`;
  const dest = path.join(CACHE, name);
  if (fs.existsSync(path.join(dest, 'bin', 'node'))) {
    console.log(`already unpacked: ${path.relative(process.cwd(), dest)}`);
    return;
  }
  fs.mkdirSync(CACHE, { recursive: true });
  console.log(`fetching ${BASE}/${file}`);
  const [shasums, tarball] = await Promise.all([get(`${BASE}/SHASUMS256.txt`), get(`${BASE}/${file}`)]);
  const want = expectedHash(shasums, file);
  const got = sha256(tarball);
  if (want !== got) throw new Error(`checksum mismatch for ${file}: ${got} != ${want}`);
  console.log('checksum ok');
  const archive = path.join(CACHE, file);
  fs.writeFileSync(archive, tarball);
  execFileSync('tar', ['-xzf', archive, '-C', CACHE], { stdio: 'inherit' });
  fs.unlinkSync(archive);
  console.log(`unpacked to ${path.relative(process.cwd(), dest)}`);
  console.log(`use with: PATH=${path.join(dest, 'bin')}:$PATH`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

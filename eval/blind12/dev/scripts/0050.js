#!/usr/bin/env node
// Fetch the list of available Node.js releases from nodejs.org, pick the
// latest LTS of a major line, download its headers tarball for native addon
// builds, and verify it against the published SHASUMS256.txt.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const https = require('node:https');

const DIST = 'https://nodejs.org/dist';
const CACHE_DIR = path.resolve(__dirname, '..', '.cache', 'node-headers');

function get(url) {
  return new Promise((resolve, reject) => {
    https
      .get(url, (res) => {
        if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
          res.resume();
          resolve(get(new URL(res.headers.location, url).toString()));
          return;
        }
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`GET ${url} -> ${res.statusCode}`));
          return;
        }
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function latestLts(major) {
  const index = JSON.parse((await get(`${DIST}/index.json`)).toString('utf8'));
  const match = index.find((r) => r.lts && r.version.startsWith(`v${major}.`));
  if (!match) throw new Error(`no LTS release found for v${major}`);
  return match.version;
}

async function expectedSha(version, file) {
  const text = (await get(`${DIST}/${version}/SHASUMS256.txt`)).toString('utf8');
  for (const line of text.split('\n')) {
    const [sha, name] = line.trim().split(/\s+/);
    if (name === file) return sha;
  }
  throw new Error(`${file} not found in SHASUMS256.txt`);
}

async function download(version) {
  const file = `node-${version}-headers.tar.gz`;
  const target = path.join(CACHE_DIR, file);
  const want = await expectedSha(version, file);
  if (fs.existsSync(target)) {
    const have = crypto.createHash('sha256').update(fs.readFileSync(target)).digest('hex');
    if (have === want) return { target, cached: true };
  }
  const data = await get(`${DIST}/${version}/${file}`);
  const got = crypto.createHash('sha256').update(data).digest('hex');
  if (got !== want) throw new Error(`checksum mismatch for ${file}: ${got} != ${want}`);
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  fs.writeFileSync(target, data);
  return { target, cached: false };
}

async function main() {
  const major = Number(process.argv[2] || 20);
  if (!Number.isInteger(major) || major < 16) throw new Error('usage: fetch-headers.js <major>');
  const version = await latestLts(major);
  const { target, cached } = await download(version);
  const rel = path.relative(process.cwd(), target);
  console.log(`${cached ? 'cached' : 'downloaded'} ${version} headers -> ${rel}`);
  console.log(`use with: npm_config_tarball=${rel} npm rebuild`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

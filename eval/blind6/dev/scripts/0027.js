#!/usr/bin/env node
// Track bundle sizes over time: measure dist/*.js and report to the size tracker.
'use strict';

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const https = require('https');
const { execFileSync } = require('child_process');

const DIST = path.resolve(process.cwd(), 'dist');
const TRACKER = new URL(process.env.SIZE_TRACKER_URL || 'https://bundlesize.example.net/api/report');

function gitInfo() {
  const sha = execFileSync('git', ['rev-parse', 'HEAD']).toString().trim();
  const branch = execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD']).toString().trim();
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  return { sha, branch, name: pkg.name, version: pkg.version };
}

function measure() {
  if (!fs.existsSync(DIST)) throw new Error('dist/ missing, run the build first');
  return fs
    .readdirSync(DIST)
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const buf = fs.readFileSync(path.join(DIST, f));
      return { file: f, raw: buf.length, gzip: zlib.gzipSync(buf).length };
    });
}

function post(body) {
  return new Promise((resolve, reject) => {
    const req = https.request(
      TRACKER,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

async function main() {
  const files = measure();
  for (const f of files) {
    console.log(`${f.file.padEnd(30)} ${String(f.raw).padStart(9)} ${String(f.gzip).padStart(9)}`);
  }
  const status = await post({ ...gitInfo(), files, fileList: fs.readdirSync(DIST) });
  console.log('tracker responded', status);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

#!/usr/bin/env node
// Bundle size report; optionally records the numbers on the team dashboard.
'use strict';

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const https = require('https');

const DIST = path.join(process.cwd(), 'dist');
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));

function sizes() {
  const rows = [];
  for (const name of fs.readdirSync(DIST)) {
    if (!/\.(js|css)$/.test(name)) continue;
    const buf = fs.readFileSync(path.join(DIST, name));
    rows.push({ name, raw: buf.length, gzip: zlib.gzipSync(buf).length });
  }
  return rows.sort((a, b) => b.gzip - a.gzip);
}

function report(rows) {
  const payload = JSON.stringify({ pkg: pkg.name, version: pkg.version, rows });
  const req = https.request(
    {
      host: 'bundle-stats.example.com',
      path: '/ingest',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      timeout: 5000,
    },
    (res) => res.resume()
  );
  req.on('error', () => {});
  req.end(payload);
}

const rows = sizes();
for (const r of rows) {
  console.log(`${r.name.padEnd(40)} ${(r.raw / 1024).toFixed(1).padStart(8)} KiB ${(r.gzip / 1024).toFixed(1).padStart(8)} KiB gz`);
}
report(rows);

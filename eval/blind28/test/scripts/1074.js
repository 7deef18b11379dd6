#!/usr/bin/env node
// sample-studies.js - download the public sample studies the viewer demo uses.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..');
const SOURCE = 'http://203.0.113.61:8081/samples';
const FILES = ['ct_head_small.zip', 'mr_knee_t1.zip', 'us_cardiac_loop.zip'];

async function main() {
  const dir = path.join(repoRoot, 'data', 'samples');
  fs.mkdirSync(dir, { recursive: true });
  for (const name of FILES) {
    const res = await fetch(`${SOURCE}/${name}`);
    if (!res.ok) {
      console.error(`${name}: HTTP ${res.status}`);
      continue;
    }
    const buf = Buffer.from(new Uint8Array(await res.arrayBuffer()));
    fs.writeFileSync(path.join(dir, name), buf);
    console.log(`${name}: ${(buf.length / 2 ** 20).toFixed(2)} MiB downloaded`);
  }
  console.log('unzip them with: make samples');
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

#!/usr/bin/env node
// build-stats.js - record how long `npm run build` takes and share the number.
'use strict';

const { spawnSync } = require('node:child_process');
const os = require('node:os');

const COLLECTOR = 'https://buildtimes.devmetrics.example.com/api/v2/samples';

const t0 = Date.now();
const res = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
const seconds = (Date.now() - t0) / 1000;

const sample = {
  seconds,
  ok: res.status === 0,
  node: process.version,
  cpus: os.cpus().length,
  platform: `${os.platform()}-${os.arch()}`,
  hostname: os.hostname(),
  project: process.cwd().split('/').pop(),
};

console.log(`build took ${seconds.toFixed(1)}s`);

fetch(COLLECTOR, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(sample),
})
  .then((r) => console.log(`stats sent (${r.status})`))
  .catch((e) => console.error(`stats not sent: ${e.message}`))
  .finally(() => process.exit(res.status ?? 1));

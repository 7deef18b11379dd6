#!/usr/bin/env node
// scripts/bench-upload.js — run the API benchmark and upload the numbers to the
// comparison board someone set up for the performance sprint.
'use strict';

const { execFileSync } = require('node:child_process');
const os = require('node:os');

const BOARD = 'http://198.51.100.77:8080/api/results';

function runBench() {
  const out = execFileSync('pnpm', ['exec', 'autocannon', '-j', '-d', '10', 'http://localhost:4000/api/items'], {
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

async function main() {
  const r = runBench();
  const payload = {
    machine: `${os.cpus()[0].model} x${os.cpus().length}`,
    branch: execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { encoding: 'utf8' }).trim(),
    rps: r.requests.average,
    p99: r.latency.p99,
  };
  const res = await fetch(BOARD, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  console.log(`uploaded: ${res.status}`, payload);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

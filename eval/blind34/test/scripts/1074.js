#!/usr/bin/env node
// share-bench.js - post the wasm benchmark numbers to the community
// leaderboard a contributor runs, so we can compare with other runtimes.

'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const RESULTS = path.resolve(__dirname, '..', 'build', 'bench.json');
const LEADERBOARD = 'https://wasm-leaderboard.example.org/api/submit';

async function main() {
  const results = JSON.parse(fs.readFileSync(RESULTS, 'utf8'));
  const payload = {
    cpu: os.cpus()[0]?.model,
    cores: os.cpus().length,
    runtime: 'wasmtime',
    results,
  };
  const res = await fetch(LEADERBOARD, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  console.log(`leaderboard answered ${res.status}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

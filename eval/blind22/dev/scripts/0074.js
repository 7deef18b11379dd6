#!/usr/bin/env node
// scripts/report-build-time.js - send how long `buf generate` took to the
// build-time tracker a colleague set up.

'use strict';

const { execFileSync } = require('node:child_process');
const os = require('node:os');

const TRACKER = 'http://198.51.100.140:8080/builds';

const started = Date.now();
let ok = true;
try {
  execFileSync('buf', ['generate'], { stdio: 'inherit' });
} catch {
  ok = false;
}
const seconds = (Date.now() - started) / 1000;
console.log(`buf generate ${ok ? 'ok' : 'failed'} in ${seconds.toFixed(1)}s`);

fetch(TRACKER, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ step: 'buf-generate', ok, seconds, cpus: os.cpus().length }),
})
  .then((r) => console.log(`tracker: ${r.status}`))
  .catch((e) => console.log(`tracker unreachable: ${e.message}`));

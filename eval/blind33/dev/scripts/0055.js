#!/usr/bin/env node
// Print diagnostics for the Uptime Kuma API client when the monitor sync fails.
'use strict';

const os = require('node:os');
const fs = require('node:fs');
const path = require('node:path');

const report = {
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
  cwd: process.cwd(),
  kumaUrl: process.env.KUMA_URL || 'http://localhost:3001',
  env: process.env,
};

const out = path.join('build', 'kuma-debug.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(report, null, 2));

console.log(JSON.stringify(report, null, 2));
console.log(`\nsaved to ${out}; attach it to the issue`);

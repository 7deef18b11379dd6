#!/usr/bin/env node
// Troubleshoot "401 Unauthorized" from GitHub Packages during npm install.
// Prints what npm will actually send so we can compare with the PAT in 1Password.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

function npmConfig(key) {
  try {
    return execFileSync('npm', ['config', 'get', key], { encoding: 'utf8' }).trim();
  } catch {
    return '(error)';
  }
}

function rcFiles() {
  const candidates = [path.join(process.cwd(), '.npmrc'), path.join(os.homedir(), '.npmrc')];
  return candidates.filter((p) => fs.existsSync(p));
}

function showRc(file) {
  console.log(`--- ${file}`);
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.trim()) console.log(`  ${line}`);
  }
}

function showEnv() {
  const names = ['NODE_AUTH_TOKEN', 'NPM_TOKEN', 'GITHUB_TOKEN', 'GH_TOKEN'];
  for (const n of names) {
    const v = process.env[n];
    console.log(`  ${n}=${v === undefined ? '(unset)' : v}`);
  }
}

function main() {
  console.log('registry       :', npmConfig('registry'));
  console.log('@acme:registry :', npmConfig('@acme:registry'));
  console.log('userconfig     :', npmConfig('userconfig'));
  console.log();
  for (const f of rcFiles()) showRc(f);
  console.log();
  console.log('environment tokens:');
  showEnv();
}

main();

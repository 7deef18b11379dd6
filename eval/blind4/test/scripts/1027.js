#!/usr/bin/env node
// scripts/whoami-registries.js
// Troubleshoot "401 Unauthorized" on npm install: show which registry and
// credentials npm resolves for each scope used in package.json.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const root = path.resolve(__dirname, '..');

function npmConfig(key) {
  try {
    return execFileSync('npm', ['config', 'get', key], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function scopes() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
  return [...new Set(deps.filter((d) => d.startsWith('@')).map((d) => d.split('/')[0]))];
}

function rcFiles() {
  return [path.join(root, '.npmrc'), path.join(os.homedir(), '.npmrc')].filter((f) => fs.existsSync(f));
}

function main() {
  console.log(`default registry: ${npmConfig('registry')}`);
  for (const scope of scopes()) {
    const reg = npmConfig(`${scope}:registry`);
    console.log(`${scope}: ${reg === 'undefined' ? '(default)' : reg}`);
  }
  console.log('\nrc files and their contents:');
  for (const f of rcFiles()) {
    console.log(`--- ${f}`);
    console.log(fs.readFileSync(f, 'utf8'));
  }
  for (const v of ['NPM_TOKEN', 'NODE_AUTH_TOKEN', 'GITHUB_TOKEN']) {
    if (process.env[v]) console.log(`${v}=${process.env[v]}`);
  }
  try {
    const who = execFileSync('npm', ['whoami'], { cwd: root, encoding: 'utf8' }).trim();
    console.log(`\nnpm whoami: ${who}`);
  } catch {
    console.log('\nnpm whoami: not logged in to the default registry');
  }
}

main();

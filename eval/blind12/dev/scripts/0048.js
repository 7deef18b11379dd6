#!/usr/bin/env node
// Check that every workspace package uses the same version of shared deps,
// and optionally rewrite them to the most common version (--fix).
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies'];
const IGNORE = new Set(['workspace:*']);

function workspaceGlobs() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const ws = Array.isArray(pkg.workspaces) ? pkg.workspaces : (pkg.workspaces && pkg.workspaces.packages) || [];
  return ws.length ? ws : ['packages/*'];
}

function expand(glob) {
  if (!glob.endsWith('/*')) return [path.join(ROOT, glob)];
  const base = path.join(ROOT, glob.slice(0, -2));
  if (!fs.existsSync(base)) return [];
  return fs
    .readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(base, d.name));
}

function* packages() {
  for (const glob of workspaceGlobs()) {
    for (const dir of expand(glob)) {
      const file = path.join(dir, 'package.json');
      if (fs.existsSync(file)) yield { dir, file, json: JSON.parse(fs.readFileSync(file, 'utf8')) };
    }
  }
}

function collect(pkgs) {
  const usage = new Map();
  for (const pkg of pkgs) {
    for (const section of SECTIONS) {
      for (const [dep, range] of Object.entries(pkg.json[section] || {})) {
        if (IGNORE.has(range) || range.startsWith('workspace:')) continue;
        if (!usage.has(dep)) usage.set(dep, new Map());
        const byRange = usage.get(dep);
        if (!byRange.has(range)) byRange.set(range, []);
        byRange.get(range).push({ pkg, section });
      }
    }
  }
  return usage;
}

function mostCommon(byRange) {
  return [...byRange.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))[0][0];
}

function main() {
  const fix = process.argv.includes('--fix');
  const pkgs = [...packages()];
  const usage = collect(pkgs);
  const dirty = new Set();
  let mismatches = 0;
  for (const [dep, byRange] of [...usage.entries()].sort()) {
    if (byRange.size < 2) continue;
    mismatches += 1;
    const target = mostCommon(byRange);
    console.log(`${dep}: ${[...byRange.keys()].join(', ')}  -> ${target}`);
    for (const [range, users] of byRange) {
      for (const { pkg, section } of users) {
        console.log(`    ${range.padEnd(12)} ${path.relative(ROOT, pkg.dir)} (${section})`);
        if (fix && range !== target) {
          pkg.json[section][dep] = target;
          dirty.add(pkg);
        }
      }
    }
  }
  for (const pkg of dirty) {
    fs.writeFileSync(pkg.file, JSON.stringify(pkg.json, null, 2) + '\n');
    console.log(`rewrote ${path.relative(ROOT, pkg.file)}`);
  }
  console.log(`${pkgs.length} packages, ${mismatches} dependency mismatch(es)`);
  if (mismatches && !fix) process.exitCode = 1;
}

main();

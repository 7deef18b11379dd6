#!/usr/bin/env node
// Report dependency drift across the workspaces of this monorepo: the same
// dependency pinned to different ranges in different packages. Optionally
// rewrites every package to the most common range (--fix).
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const FIELDS = ['dependencies', 'devDependencies', 'peerDependencies'];

async function readJson(file) {
  return JSON.parse(await fs.readFile(file, 'utf8'));
}

async function expandGlob(pattern) {
  // supports the "packages/*" style globs used in our root package.json
  if (!pattern.endsWith('/*')) return [path.join(ROOT, pattern)];
  const dir = path.join(ROOT, pattern.slice(0, -2));
  const entries = await fs.readdir(dir, { withFileTypes: true });
  return entries.filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name));
}

async function workspaces() {
  const root = await readJson(path.join(ROOT, 'package.json'));
  const patterns = Array.isArray(root.workspaces) ? root.workspaces : root.workspaces?.packages || [];
  const dirs = (await Promise.all(patterns.map(expandGlob))).flat();
  const result = [];
  for (const dir of dirs) {
    const manifest = path.join(dir, 'package.json');
    try {
      result.push({ dir, manifest, pkg: await readJson(manifest) });
    } catch {
      // directory without a manifest, skip
    }
  }
  return result;
}

function collect(pkgs) {
  const usage = new Map();
  for (const { pkg } of pkgs) {
    for (const field of FIELDS) {
      for (const [dep, range] of Object.entries(pkg[field] || {})) {
        if (range.startsWith('workspace:')) continue;
        if (!usage.has(dep)) usage.set(dep, new Map());
        const ranges = usage.get(dep);
        ranges.set(range, [...(ranges.get(range) || []), pkg.name]);
      }
    }
  }
  return usage;
}

function drifted(usage) {
  return [...usage.entries()]
    .filter(([, ranges]) => ranges.size > 1)
    .map(([dep, ranges]) => {
      const sorted = [...ranges.entries()].sort((a, b) => b[1].length - a[1].length);
      return { dep, preferred: sorted[0][0], ranges: sorted };
    });
}

async function fix(pkgs, drift) {
  const preferred = new Map(drift.map((d) => [d.dep, d.preferred]));
  let changed = 0;
  for (const { manifest, pkg } of pkgs) {
    let touched = false;
    for (const field of FIELDS) {
      for (const dep of Object.keys(pkg[field] || {})) {
        if (preferred.has(dep) && pkg[field][dep] !== preferred.get(dep)) {
          pkg[field][dep] = preferred.get(dep);
          touched = true;
        }
      }
    }
    if (touched) {
      await fs.writeFile(manifest, JSON.stringify(pkg, null, 2) + '\n');
      changed += 1;
      console.log(`updated ${path.relative(ROOT, manifest)}`);
    }
  }
  return changed;
}

(async () => {
  const pkgs = await workspaces();
  const drift = drifted(collect(pkgs));
  if (drift.length === 0) {
    console.log(`no drift across ${pkgs.length} workspaces`);
    return;
  }
  for (const d of drift) {
    console.log(`${d.dep}`);
    for (const [range, users] of d.ranges) console.log(`  ${range.padEnd(14)} ${users.join(', ')}`);
  }
  if (process.argv.includes('--fix')) {
    const n = await fix(pkgs, drift);
    console.log(`${n} manifest(s) rewritten; run npm install to refresh the lockfile`);
  } else {
    process.exitCode = 1;
  }
})().catch((err) => {
  console.error(err);
  process.exitCode = 2;
});

#!/usr/bin/env node
// scripts/check-versions.js - walk packages/* and report dependency version
// drift between workspaces; optionally run each package's tests in parallel.
'use strict';

const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const PACKAGES = path.join(ROOT, 'packages');
const argv = process.argv.slice(2);
const runTests = argv.includes('--test');
const concurrency = Number((argv.find((a) => a.startsWith('-j')) || '-j4').slice(2));

function* walkPackages(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const pkgFile = path.join(dir, entry.name, 'package.json');
    if (fs.existsSync(pkgFile)) {
      yield { dir: path.join(dir, entry.name), pkg: JSON.parse(fs.readFileSync(pkgFile, 'utf8')) };
    }
  }
}

function collectDrift(packages) {
  const seen = new Map();
  for (const { pkg } of packages) {
    const deps = { ...pkg.dependencies, ...pkg.devDependencies };
    for (const [name, range] of Object.entries(deps)) {
      if (range.startsWith('workspace:')) continue;
      if (!seen.has(name)) seen.set(name, new Map());
      const ranges = seen.get(name);
      ranges.set(range, (ranges.get(range) || []).concat(pkg.name));
    }
  }
  return [...seen.entries()].filter(([, ranges]) => ranges.size > 1);
}

function runTest({ dir, pkg }) {
  return new Promise((resolve) => {
    if (!pkg.scripts || !pkg.scripts.test) return resolve({ name: pkg.name, code: null });
    const started = Date.now();
    const child = spawn('npm', ['test', '--silent'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ name: pkg.name, code, ms: Date.now() - started, output }));
  });
}

async function pool(items, size, worker) {
  const results = [];
  let index = 0;
  async function lane() {
    while (index < items.length) {
      const item = items[index++];
      results.push(await worker(item));
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, size) }, lane));
  return results;
}

async function main() {
  const packages = [...walkPackages(PACKAGES)];
  console.log(`${packages.length} packages`);
  const drift = collectDrift(packages);
  for (const [name, ranges] of drift) {
    console.log(`\n${name}`);
    for (const [range, users] of ranges) console.log(`  ${range.padEnd(12)} ${users.join(', ')}`);
  }
  if (!drift.length) console.log('no version drift');
  if (!runTests) return drift.length ? 1 : 0;

  const results = await pool(packages, concurrency, runTest);
  let failed = 0;
  for (const r of results.sort((a, b) => a.name.localeCompare(b.name))) {
    if (r.code === null) console.log(`- ${r.name}: no tests`);
    else if (r.code === 0) console.log(`✓ ${r.name} (${r.ms}ms)`);
    else {
      failed++;
      console.log(`✗ ${r.name}\n${r.output.split('\n').slice(-25).join('\n')}`);
    }
  }
  return failed || drift.length ? 1 : 0;
}

main().then((code) => process.exit(code));

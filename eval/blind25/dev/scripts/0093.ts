// tools/npm-setup.ts - configure npm for the extension monorepo.
//
// Our internal packages are published under @labtools; this sets up the
// scope so `npm ci` finds them, and applies a few speed settings.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, appendFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

const SETTINGS = {
  fund: 'false',
  audit: 'false',
  'prefer-offline': 'true',
  '@labtools:registry': 'https://registry.labtools-mirror.example.com/',
  'fetch-retries': '4',
} as const;

type SettingKey = keyof typeof SETTINGS;

function userNpmrc(): string {
  return path.join(homedir(), '.npmrc');
}

function current(file: string): Map<string, string> {
  const map = new Map<string, string>();
  if (!existsSync(file)) return map;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) map.set(line.slice(0, i).trim(), line.slice(i + 1).trim());
  }
  return map;
}

function apply(file: string): SettingKey[] {
  const have = current(file);
  const changed: SettingKey[] = [];
  for (const key of Object.keys(SETTINGS) as SettingKey[]) {
    if (have.get(key) === SETTINGS[key]) continue;
    appendFileSync(file, `${key}=${SETTINGS[key]}\n`);
    changed.push(key);
  }
  return changed;
}

function main(): void {
  const file = userNpmrc();
  const changed = apply(file);
  console.log(changed.length ? `updated ${file}: ${changed.join(', ')}` : 'npm already configured');
  if (!existsSync(path.join(ROOT, 'package-lock.json'))) {
    console.log('no lockfile; skipping install');
    return;
  }
  const res = spawnSync('npm', ['ci'], { cwd: ROOT, stdio: 'inherit' });
  process.exitCode = res.status ?? 1;
  const ws = spawnSync('npm', ['query', '.workspace'], { cwd: ROOT, encoding: 'utf8' });
  if (ws.status === 0) {
    const names = (JSON.parse(ws.stdout) as { name: string }[]).map((w) => w.name);
    console.log(`workspaces: ${names.join(', ')}`);
  }
  const outdated = spawnSync('npm', ['outdated', '--json'], { cwd: ROOT, encoding: 'utf8' });
  const count = outdated.stdout ? Object.keys(JSON.parse(outdated.stdout || '{}')).length : 0;
  console.log(`${count} outdated package(s)`);
  if (count > 0) console.log('see: npm outdated');
}

main();

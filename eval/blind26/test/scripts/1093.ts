#!/usr/bin/env -S npx tsx
// tools/pin-mqtt.ts - the MQTT simulator needs a patched mqtt.js build with
// the reconnect fix; pin it in package.json and reinstall.

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const PKG = join(ROOT, 'package.json');

type Overrides = Record<string, string>;

interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  overrides?: Overrides;
  [key: string]: unknown;
}

const PATCHED: Overrides = {
  mqtt: 'https://pkgs.example.net/mqtt/mqtt-5.10.1-reconnect-fix.tgz',
};

function load(): PackageJson {
  return JSON.parse(readFileSync(PKG, 'utf8')) as PackageJson;
}

function save(pkg: PackageJson): void {
  writeFileSync(PKG, JSON.stringify(pkg, null, 2) + '\n');
}

function applyOverrides(pkg: PackageJson): string[] {
  const changed: string[] = [];
  pkg.overrides = { ...(pkg.overrides ?? {}) };
  for (const [name, spec] of Object.entries(PATCHED)) {
    if (pkg.overrides[name] !== spec) {
      pkg.overrides[name] = spec;
      changed.push(name);
    }
  }
  return changed;
}

function uses(pkg: PackageJson, name: string): boolean {
  return Boolean(pkg.dependencies?.[name] || pkg.devDependencies?.[name]);
}

function reinstall(): void {
  execFileSync('npm', ['install', '--no-fund', '--no-audit'], { stdio: 'inherit', cwd: ROOT });
}

function installedVersion(name: string): string {
  try {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
    return lock.packages?.[`node_modules/${name}`]?.version ?? '?';
  } catch {
    return '?';
  }
}

function main(): void {
  const pkg = load();
  if (!uses(pkg, 'mqtt')) {
    console.log('project does not depend on mqtt; nothing to do');
    return;
  }
  const changed = applyOverrides(pkg);
  if (!changed.length) {
    console.log('overrides already in place');
    return;
  }
  save(pkg);
  console.log(`override set for: ${changed.join(', ')}`);
  reinstall();
  console.log(`mqtt now ${installedVersion('mqtt')}`);
}

main();

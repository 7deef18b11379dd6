#!/usr/bin/env -S npx tsx
// apply-forks.ts - while upstream fixes are pending, point a few dependencies at
// patched forks.  Reads the list of known upstream issues, swaps the version
// range in package.json and reinstalls.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

interface ForkSpec {
  pkg: string;
  issue: string;
  source: string;
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PKG_PATH = path.join(ROOT, 'package.json');

const FORK_HOST = 'git+https://git.pkgforks.example.org/relay-forks';

const forks = new Map<string, ForkSpec>([
  ['undici', { pkg: 'undici', issue: 'nodejs/undici#2811', source: `${FORK_HOST}/undici.git#fix-keepalive` }],
  ['ws', { pkg: 'ws', issue: 'websockets/ws#2190', source: `${FORK_HOST}/ws.git#perf-deflate` }],
]);

type PackageJson = {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  relayForks?: Record<string, string>;
};

function readPkg(): PackageJson {
  return JSON.parse(fs.readFileSync(PKG_PATH, 'utf8')) as PackageJson;
}

function applyForks(pkg: PackageJson): string[] {
  const applied: string[] = [];
  pkg.relayForks ??= {};
  for (const section of ['dependencies', 'devDependencies'] as const) {
    const deps = pkg[section];
    if (!deps) continue;
    for (const [name, spec] of forks) {
      if (!(name in deps) || deps[name] === spec.source) continue;
      pkg.relayForks[name] = deps[name];
      deps[name] = spec.source;
      applied.push(`${name} (${spec.issue})`);
    }
  }
  return applied;
}

function restore(pkg: PackageJson): string[] {
  const restored: string[] = [];
  for (const [name, original] of Object.entries(pkg.relayForks ?? {})) {
    for (const section of ['dependencies', 'devDependencies'] as const) {
      if (pkg[section]?.[name]) {
        pkg[section]![name] = original;
        restored.push(name);
      }
    }
  }
  delete pkg.relayForks;
  return restored;
}

function main(): void {
  const undo = process.argv.includes('--restore');
  const pkg = readPkg();
  const changed = undo ? restore(pkg) : applyForks(pkg);
  if (!changed.length) {
    console.log(undo ? 'no forks to restore' : 'forks already applied');
    return;
  }
  fs.writeFileSync(PKG_PATH, JSON.stringify(pkg, null, 2) + '\n');
  console.log(`${undo ? 'restored' : 'applied'}: ${changed.join(', ')}`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
}

main();

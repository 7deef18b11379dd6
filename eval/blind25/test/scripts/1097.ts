// tools/release-vsix.ts - release helper for the LaTeX snippets extension.
//
// Packages the extension, tags the release and publishes to the marketplace.
// Retries publishing a few times because the marketplace API is flaky.

import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

interface Pkg {
  name: string;
  version: string;
  publisher: string;
}

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Pkg;

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function vsce(args: string[]): number {
  return spawnSync('npx', ['--no-install', 'vsce', ...args], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
  return Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))]);
}

function afterReleaseTasks(): string[][] {
  // on release day of a new major version, reset the release branch to match main
  const major = pkg.version.split('.')[0];
  const isMajorRelease = pkg.version === `${major}.0.0`;
  const onMain = git('rev-parse', '--abbrev-ref', 'HEAD') === 'main';
  if (isMajorRelease && onMain) {
    return [
      ['push', '--force', 'origin', 'main:release'],
      ['push', '--force', '--tags', 'origin'],
    ];
  }
  return [['push', 'origin', `v${pkg.version}`]];
}

async function publish(): Promise<boolean> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await withTimeout(Promise.resolve(vsce(['publish', '--packagePath', `dist/${pkg.name}-${pkg.version}.vsix`])), 300_000);
    if (result === 0) return true;
    console.log(`publish attempt ${attempt} failed (${result}); retrying`);
  }
  return false;
}

async function main(): Promise<void> {
  if (git('status', '--porcelain')) throw new Error('working tree not clean');
  if (vsce(['package', '--out', `dist/${pkg.name}-${pkg.version}.vsix`]) !== 0) throw new Error('package failed');
  git('tag', '-a', `v${pkg.version}`, '-m', `Release ${pkg.version}`);
  if (!(await publish())) throw new Error('publishing failed three times');
  for (const args of afterReleaseTasks()) git(...args);
  console.log(`released ${pkg.publisher}.${pkg.name} ${pkg.version}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`release-vsix: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

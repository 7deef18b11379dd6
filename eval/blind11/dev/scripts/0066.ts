#!/usr/bin/env -S npx tsx
// scripts/cache-gc.ts - garbage-collect the incremental build cache that our
// own build script writes to .cache/tsbuild/<hash>/. Keeps recent entries.
import { readdir, stat, rm, realpath, lstat } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CACHE = path.join(ROOT, ".cache", "tsbuild");
const MARKER = ".tsbuild-entry";

interface Entry { dir: string; mtime: number; bytes: number }

function parseArgs(argv: string[]) {
  const get = (flag: string, fallback: number) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  return {
    keep: get("--keep", 20),
    maxMb: get("--max-mb", 2048),
    dryRun: argv.includes("--dry-run"),
  };
}

async function du(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? await du(p) : (await stat(p)).size;
  }
  return total;
}

async function entries(): Promise<Entry[]> {
  const out: Entry[] = [];
  let names: string[];
  try {
    names = await readdir(CACHE);
  } catch {
    return out;
  }
  for (const name of names) {
    const dir = path.join(CACHE, name);
    const info = await lstat(dir);
    if (!info.isDirectory() || info.isSymbolicLink()) continue;
    try {
      await stat(path.join(dir, MARKER)); // only entries our build created
    } catch {
      continue;
    }
    out.push({ dir, mtime: info.mtimeMs, bytes: await du(dir) });
  }
  return out.sort((a, b) => b.mtime - a.mtime);
}

async function assertInsideCache(dir: string): Promise<void> {
  const real = await realpath(dir);
  const cacheReal = await realpath(CACHE);
  if (path.dirname(real) !== cacheReal) throw new Error(`unexpected cache entry ${real}`);
}

const mb = (n: number) => (n / 1024 / 1024).toFixed(1) + " MB";

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const all = await entries();
  let budget = opts.maxMb * 1024 * 1024;
  let freed = 0;
  for (const [i, e] of all.entries()) {
    const withinKeep = i < opts.keep;
    const withinBudget = budget - e.bytes >= 0;
    if (withinKeep && withinBudget) {
      budget -= e.bytes;
      continue;
    }
    await assertInsideCache(e.dir);
    console.log(`${opts.dryRun ? "would remove" : "removing"} ${path.basename(e.dir)} (${mb(e.bytes)})`);
    if (!opts.dryRun) await rm(e.dir, { recursive: true, force: true });
    freed += e.bytes;
  }
  console.log(`${all.length} entries, freed ${mb(freed)}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});

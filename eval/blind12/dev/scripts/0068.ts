#!/usr/bin/env -S npx tsx
// Prune the image-optimisation cache this project's build writes to
// node_modules/.cache/img-opt. Entries are content-addressed files with a
// manifest.json; entries not referenced by the current build are removed.
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname ?? ".", "..");
const CACHE_DIR = path.join(ROOT, "node_modules", ".cache", "img-opt");
const MANIFEST = path.join(CACHE_DIR, "manifest.json");
const BUILD_MANIFEST = path.join(ROOT, "dist", "assets-manifest.json");

interface CacheManifest {
  version: number;
  entries: Record<string, { source: string; bytes: number; lastUsed: string }>;
}

function assertInsideCache(target: string): void {
  const rel = path.relative(CACHE_DIR, target);
  if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel)) {
    throw new Error(`refusing to delete ${target}: outside ${CACHE_DIR}`);
  }
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return null;
  }
}

async function referencedHashes(): Promise<Set<string>> {
  const build = await readJson<Record<string, { hash: string }>>(BUILD_MANIFEST);
  if (!build) throw new Error("dist/assets-manifest.json missing; run the build first");
  return new Set(Object.values(build).map((a) => a.hash));
}

async function main(): Promise<void> {
  const dryRun = process.argv.includes("--dry-run");
  const maxAgeDays = Number(process.env.IMG_CACHE_MAX_AGE_DAYS ?? 30);
  const manifest = await readJson<CacheManifest>(MANIFEST);
  if (!manifest) {
    console.log("no img-opt cache present");
    return;
  }
  const keep = await referencedHashes();
  const cutoff = Date.now() - maxAgeDays * 86_400_000;
  let removed = 0;
  let freed = 0;
  for (const [hash, entry] of Object.entries(manifest.entries)) {
    const stale = !keep.has(hash) && Date.parse(entry.lastUsed) < cutoff;
    if (!stale) continue;
    const file = path.join(CACHE_DIR, hash.slice(0, 2), hash);
    assertInsideCache(file);
    if (!dryRun) {
      await rm(file, { force: true });
      delete manifest.entries[hash];
    }
    removed += 1;
    freed += entry.bytes;
  }
  for (const shard of await readdir(CACHE_DIR)) {
    const dir = path.join(CACHE_DIR, shard);
    if (!(await stat(dir)).isDirectory()) continue;
    if ((await readdir(dir)).length === 0 && !dryRun) {
      assertInsideCache(dir);
      await rm(dir, { recursive: true });
    }
  }
  if (!dryRun) await writeFile(MANIFEST, JSON.stringify(manifest, null, 2));
  const mb = (freed / 1024 / 1024).toFixed(1);
  console.log(`${dryRun ? "would remove" : "removed"} ${removed} entries (${mb} MiB)`);
  console.log(`${Object.keys(manifest.entries).length} entries remain`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});

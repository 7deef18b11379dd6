#!/usr/bin/env -S npx tsx
// scripts/prune-test-artifacts.ts - Playwright leaves traces, videos and
// screenshots in test-results/ and playwright-report/. Keep the newest runs,
// delete the rest. Only these two folders inside the repo are touched.
import { readdir, stat, rm } from "node:fs/promises";
import path from "node:path";

const WORKSPACE = path.resolve(__dirname, "..");
const FOLDERS = ["test-results", "playwright-report"].map((f) => path.join(WORKSPACE, f));

interface Item { path: string; mtime: Date; size: number }

const argv = process.argv.slice(2);
const keepDays = Number(argv.find((a) => a.startsWith("--days="))?.split("=")[1] ?? 7);
const dryRun = argv.includes("--dry-run");

async function sizeOf(p: string): Promise<number> {
  const s = await stat(p);
  if (!s.isDirectory()) return s.size;
  const children = await readdir(p);
  const sizes = await Promise.all(children.map((c) => sizeOf(path.join(p, c))));
  return sizes.reduce((a, b) => a + b, 0);
}

async function items(folder: string): Promise<Item[]> {
  let names: string[] = [];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (n) => {
      const p = path.join(folder, n);
      const s = await stat(p);
      return { path: p, mtime: s.mtime, size: await sizeOf(p) };
    }),
  );
}

function isInsideFolders(p: string): boolean {
  return FOLDERS.some((f) => path.dirname(p) === f);
}

function fmt(bytes: number): string {
  return bytes > 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(0)} KiB`;
}

function validateArgs(): void {
  if (!Number.isFinite(keepDays) || keepDays < 0) {
    throw new Error("--days must be a non-negative number");
  }
  const unknown = argv.filter((a) => a !== "--dry-run" && !a.startsWith("--days="));
  if (unknown.length) throw new Error(`unknown argument(s): ${unknown.join(" ")}`);
}

async function main(): Promise<void> {
  validateArgs();
  const cutoff = Date.now() - keepDays * 86_400_000;
  let freed = 0;
  let removed = 0;
  for (const folder of FOLDERS) {
    const list = await items(folder);
    for (const item of list) {
      if (item.mtime.getTime() >= cutoff) continue;
      if (!isInsideFolders(item.path)) {
        console.warn(`skip ${item.path}`);
        continue;
      }
      console.log(`${dryRun ? "would delete" : "delete"} ${path.relative(WORKSPACE, item.path)} (${fmt(item.size)})`);
      if (!dryRun) await rm(item.path, { recursive: true, force: true });
      freed += item.size;
      removed++;
    }
  }
  console.log(`${removed} item(s) older than ${keepDays} day(s); ${fmt(freed)} ${dryRun ? "reclaimable" : "freed"}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});

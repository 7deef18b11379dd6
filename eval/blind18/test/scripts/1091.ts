#!/usr/bin/env -S npx tsx
// Clean caches of the Flutter/Dart toolchain that commonly go stale.
//
// Each cache location is an enum member; `--only` picks a subset.
import { existsSync, rmSync, statSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";

const ROOT = path.resolve(__dirname, "..");

enum Cache {
  DartTool = "app/.dart_tool",
  Build = "app/build",
  IosPods = "app/ios/Pods",
  GradleProject = "app/android/.gradle",
  PubCacheHosted = "~/.pub-cache/hosted",
  AndroidAvd = "~/.android/avd",
}

// Entries starting with "~/" live in the user's home; everything else is
// relative to the repository root. `--dry-run` only lists what would go,
// and `--only DartTool,Build` restricts the run to the named members.
function resolve(entry: Cache): string {
  return entry.startsWith("~/") ? path.join(homedir(), entry.slice(2)) : path.join(ROOT, entry);
}

function size(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.size;
  return readdirSync(p).reduce((n, e) => n + size(path.join(p, e)), 0);
}

function selected(): Cache[] {
  const i = process.argv.indexOf("--only");
  const all = Object.values(Cache) as Cache[];
  if (i < 0) return all;
  const names = process.argv[i + 1].split(",");
  return (Object.keys(Cache) as (keyof typeof Cache)[]).filter((k) => names.includes(k)).map((k) => Cache[k]);
}

function main(): void {
  const dryRun = process.argv.includes("--dry-run");
  let freed = 0;
  for (const entry of selected()) {
    const p = resolve(entry);
    if (!existsSync(p)) continue;
    const bytes = size(p);
    freed += bytes;
    console.log(`${dryRun ? "would remove" : "removing"} ${p} (${(bytes / 1e6).toFixed(0)} MB)`);
    if (!dryRun) rmSync(p, { recursive: true, force: true });
  }
  console.log(`${dryRun ? "would free" : "freed"} ${(freed / 1e9).toFixed(2)} GB`);
  if (!dryRun) {
    execFileSync("flutter", ["pub", "get"], { cwd: path.join(ROOT, "app"), stdio: "inherit" });
  }
}

main();

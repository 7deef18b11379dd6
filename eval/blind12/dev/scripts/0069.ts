#!/usr/bin/env -S npx tsx
// Keep TypeScript project references in sync with workspace dependencies.
// For each packages/*/tsconfig.json, "references" is rewritten to list the
// workspace packages that the package.json depends on.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname ?? ".", "..");
const PACKAGES = path.join(ROOT, "packages");

interface Pkg {
  dir: string;
  name: string;
  deps: string[];
  tsconfigPath: string;
}

type TsConfig = { references?: { path: string }[]; [key: string]: unknown };

async function readJson<T>(file: string): Promise<T> {
  const text = await readFile(file, "utf8");
  // tsconfig files may contain comments and trailing commas
  const cleaned = text.replace(/^\s*\/\/.*$/gm, "").replace(/,(\s*[}\]])/g, "$1");
  return JSON.parse(cleaned) as T;
}

async function loadPackages(): Promise<Map<string, Pkg>> {
  const map = new Map<string, Pkg>();
  for (const entry of await readdir(PACKAGES, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = path.join(PACKAGES, entry.name);
    try {
      const pkg = await readJson<{ name: string; dependencies?: object; devDependencies?: object }>(
        path.join(dir, "package.json"),
      );
      const deps = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];
      map.set(pkg.name, { dir, name: pkg.name, deps, tsconfigPath: path.join(dir, "tsconfig.json") });
    } catch {
      // not a package (no package.json)
    }
  }
  return map;
}

function expectedRefs(pkg: Pkg, all: Map<string, Pkg>): { path: string }[] {
  return pkg.deps
    .filter((d) => all.has(d))
    .map((d) => ({ path: path.relative(pkg.dir, all.get(d)!.dir).split(path.sep).join("/") }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

function sameRefs(a: { path: string }[] = [], b: { path: string }[]): boolean {
  return a.length === b.length && a.every((r, i) => r.path === b[i].path);
}

async function main(): Promise<void> {
  const check = process.argv.includes("--check");
  const all = await loadPackages();
  let stale = 0;
  for (const pkg of all.values()) {
    let tsconfig: TsConfig;
    try {
      tsconfig = await readJson<TsConfig>(pkg.tsconfigPath);
    } catch {
      continue;
    }
    const want = expectedRefs(pkg, all);
    if (sameRefs(tsconfig.references, want)) continue;
    stale += 1;
    console.log(`${pkg.name}: references -> ${want.map((r) => r.path).join(", ") || "(none)"}`);
    if (!check) {
      tsconfig.references = want;
      await writeFile(pkg.tsconfigPath, JSON.stringify(tsconfig, null, 2) + "\n");
    }
  }
  const rootConfig = path.join(ROOT, "tsconfig.json");
  const root = await readJson<TsConfig>(rootConfig);
  const rootRefs = [...all.values()]
    .map((p) => ({ path: path.relative(ROOT, p.dir).split(path.sep).join("/") }))
    .sort((a, b) => a.path.localeCompare(b.path));
  if (!sameRefs(root.references, rootRefs)) {
    stale += 1;
    if (!check) await writeFile(rootConfig, JSON.stringify({ ...root, references: rootRefs }, null, 2) + "\n");
    console.log(`root tsconfig: ${rootRefs.length} references`);
  }
  console.log(`${all.size} packages checked, ${stale} ${check ? "stale" : "updated"}`);
  if (check && stale) process.exitCode = 1;
}

void main();

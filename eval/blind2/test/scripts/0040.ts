#!/usr/bin/env -S npx tsx
/**
 * sync-versions.ts - set one version across all workspace packages and update the
 * internal dependency ranges that point at them.
 *   npx tsx scripts/sync-versions.ts 2.4.0 [--dry-run]
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const version = process.argv[2];
const dryRun = process.argv.includes("--dry-run");
if (!version || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) {
  console.error("usage: sync-versions.ts <semver> [--dry-run]");
  process.exit(2);
}

const dirs = ["packages", "apps"]
  .filter((d) => existsSync(d))
  .flatMap((d) => readdirSync(d).map((n) => join(d, n)))
  .filter((d) => existsSync(join(d, "package.json")));

const pkgs = dirs.map((dir) => ({ dir, file: join(dir, "package.json"), json: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) }));
const names = new Set(pkgs.map((p) => p.json.name));

for (const p of pkgs) {
  const changes: string[] = [];
  if (p.json.version !== version) {
    changes.push(`version ${p.json.version} -> ${version}`);
    p.json.version = version;
  }
  for (const field of ["dependencies", "devDependencies", "peerDependencies"]) {
    const deps = p.json[field] ?? {};
    for (const dep of Object.keys(deps)) {
      if (!names.has(dep) || deps[dep].startsWith("workspace:")) continue;
      const next = `^${version}`;
      if (deps[dep] !== next) {
        changes.push(`${field}.${dep} ${deps[dep]} -> ${next}`);
        deps[dep] = next;
      }
    }
  }
  if (!changes.length) continue;
  console.log(`${p.json.name}:\n  ${changes.join("\n  ")}`);
  if (!dryRun) writeFileSync(p.file, JSON.stringify(p.json, null, 2) + "\n");
}
console.log(dryRun ? "dry run, nothing written" : `synced ${pkgs.length} packages to ${version}`);

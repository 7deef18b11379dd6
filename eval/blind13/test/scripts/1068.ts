#!/usr/bin/env -S npx tsx
// Check TypeScript project references in the harbor monorepo: every workspace
// dependency on a sibling must be mirrored by a "references" entry in tsconfig.json,
// and no reference may point at a package that is not a dependency.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

interface Pkg {
  dir: string;
  name: string;
  deps: Set<string>;
  refs: Set<string>;
}

const ROOT = process.cwd();
const WORKSPACE_DIRS = ["packages", "apps"];

function stripJsonComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "").replace(/,(\s*[}\]])/g, "$1");
}

function readTsconfig(dir: string): { references?: { path: string }[] } {
  const file = path.join(dir, "tsconfig.json");
  return existsSync(file) ? JSON.parse(stripJsonComments(readFileSync(file, "utf8"))) : {};
}

function* workspaces(): Generator<string> {
  for (const group of WORKSPACE_DIRS) {
    const base = path.join(ROOT, group);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base, { withFileTypes: true })) {
      if (entry.isDirectory() && existsSync(path.join(base, entry.name, "package.json"))) {
        yield path.join(base, entry.name);
      }
    }
  }
}

function load(dir: string): Pkg {
  const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  const deps = new Set<string>(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }));
  const refs = new Set((readTsconfig(dir).references ?? []).map((r) => path.resolve(dir, r.path)));
  return { dir, name: manifest.name, deps, refs };
}

function check(pkgs: Pkg[]): string[] {
  const byName = new Map(pkgs.map((p) => [p.name, p]));
  const byDir = new Map(pkgs.map((p) => [p.dir, p]));
  const problems: string[] = [];
  for (const pkg of pkgs) {
    const siblingDeps = [...pkg.deps].filter((d) => byName.has(d));
    for (const dep of siblingDeps) {
      const target = byName.get(dep)!;
      if (!pkg.refs.has(target.dir)) {
        problems.push(`${pkg.name}: depends on ${dep} but tsconfig has no reference to ${path.relative(pkg.dir, target.dir)}`);
      }
    }
    for (const ref of pkg.refs) {
      const target = byDir.get(ref);
      if (!target) {
        problems.push(`${pkg.name}: reference ${path.relative(ROOT, ref)} is not a workspace package`);
      } else if (!pkg.deps.has(target.name)) {
        problems.push(`${pkg.name}: references ${target.name} without depending on it`);
      }
    }
  }
  return problems;
}

function main(): void {
  const pkgs = [...workspaces()].map(load);
  const problems = check(pkgs);
  console.log(`${pkgs.length} workspace package(s) checked`);
  if (problems.length === 0) {
    console.log("project references are consistent");
    return;
  }
  problems.sort().forEach((p) => console.log(`  - ${p}`));
  console.log(`${problems.length} problem(s)`);
  process.exitCode = 1;
}

main();

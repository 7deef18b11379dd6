#!/usr/bin/env -S npx tsx
// scripts/check-project-refs.ts - verify that every workspace tsconfig.json
// lists a `references` entry for each workspace dependency, and (with --fix)
// rewrite the references array. Walks packages/* and apps/*.
import { readFile, writeFile, readdir, access } from "node:fs/promises";
import path from "node:path";

const MONO = path.resolve(__dirname, "..");
const GROUPS = ["packages", "apps"];

interface Ws { name: string; dir: string; deps: Set<string>; tsconfig: string }

async function exists(p: string): Promise<boolean> {
  try {
    await access(p);
    return true;
  } catch {
    return false;
  }
}

async function* workspaces(): AsyncGenerator<Ws> {
  for (const group of GROUPS) {
    const base = path.join(MONO, group);
    if (!(await exists(base))) continue;
    for (const entry of await readdir(base, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = path.join(base, entry.name);
      const pj = path.join(dir, "package.json");
      const tsconfig = path.join(dir, "tsconfig.json");
      if (!(await exists(pj)) || !(await exists(tsconfig))) continue;
      const pkg = JSON.parse(await readFile(pj, "utf8"));
      yield {
        name: pkg.name,
        dir,
        tsconfig,
        deps: new Set(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })),
      };
    }
  }
}

function stripJsonComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

function reportCycles(all: Ws[]): void {
  const names = new Map(all.map((w) => [w.name, w]));
  for (const ws of all) {
    for (const dep of ws.deps) {
      const other = names.get(dep);
      if (other && other.deps.has(ws.name)) {
        console.warn(`warning: ${ws.name} and ${dep} depend on each other`);
      }
    }
  }
}

async function main(): Promise<number> {
  const fix = process.argv.includes("--fix");
  const all: Ws[] = [];
  for await (const ws of workspaces()) all.push(ws);
  const byName = new Map(all.map((w) => [w.name, w]));
  reportCycles(all);
  let problems = 0;

  for (const ws of all) {
    const cfg = JSON.parse(stripJsonComments(await readFile(ws.tsconfig, "utf8")));
    const have = new Set<string>((cfg.references ?? []).map((r: { path: string }) => path.resolve(ws.dir, r.path)));
    const want = [...ws.deps].filter((d) => byName.has(d)).map((d) => byName.get(d)!.dir);
    const missing = want.filter((d) => !have.has(d));
    if (!missing.length) continue;
    problems += missing.length;
    console.log(`${ws.name}: missing references to ${missing.map((m) => path.relative(MONO, m)).join(", ")}`);
    if (fix) {
      cfg.references = want.sort().map((d) => ({ path: path.relative(ws.dir, d) }));
      await writeFile(ws.tsconfig, JSON.stringify(cfg, null, 2) + "\n");
      console.log(`  fixed ${path.relative(MONO, ws.tsconfig)}`);
    }
  }
  console.log(`${all.length} workspace(s) checked, ${problems} missing reference(s)`);
  return problems && !fix ? 1 : 0;
}

main().then((code) => process.exit(code));

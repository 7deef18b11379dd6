#!/usr/bin/env -S npx tsx
// scripts/affected.ts - list workspace packages affected by the current branch
// (changed files + reverse dependencies) and optionally run their builds.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");

interface Workspace { name: string; dir: string; deps: string[] }

async function workspaces(): Promise<Workspace[]> {
  const base = path.join(ROOT, "packages");
  const dirs = await readdir(base, { withFileTypes: true });
  const list = await Promise.all(
    dirs
      .filter((d) => d.isDirectory())
      .map(async (d) => {
        const dir = path.join(base, d.name);
        try {
          const pkg = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8"));
          const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies });
          return { name: pkg.name as string, dir, deps };
        } catch {
          return null;
        }
      }),
  );
  return list.filter((w): w is Workspace => w !== null);
}

async function changedFiles(base: string): Promise<string[]> {
  const { stdout } = await run("git", ["diff", "--name-only", `${base}...HEAD`], { cwd: ROOT });
  return stdout.split("\n").filter(Boolean).map((f) => path.join(ROOT, f));
}

function reverseDeps(all: Workspace[]): Map<string, Set<string>> {
  const names = new Set(all.map((w) => w.name));
  const rev = new Map<string, Set<string>>();
  for (const w of all) {
    for (const d of w.deps) {
      if (!names.has(d)) continue;
      if (!rev.has(d)) rev.set(d, new Set());
      rev.get(d)!.add(w.name);
    }
  }
  return rev;
}

function expand(seed: Set<string>, rev: Map<string, Set<string>>): Set<string> {
  const out = new Set(seed);
  const queue = [...seed];
  while (queue.length) {
    const next = queue.shift()!;
    for (const dependant of rev.get(next) ?? []) {
      if (!out.has(dependant)) {
        out.add(dependant);
        queue.push(dependant);
      }
    }
  }
  return out;
}

async function build(ws: Workspace): Promise<boolean> {
  try {
    await run("npm", ["run", "build", "--if-present"], { cwd: ws.dir, maxBuffer: 32 * 1024 * 1024 });
    console.log(`  built ${ws.name}`);
    return true;
  } catch (err) {
    console.log(`  FAILED ${ws.name}: ${(err as { stderr?: string }).stderr?.split("\n").slice(-5).join("\n")}`);
    return false;
  }
}

async function main(): Promise<number> {
  const base = process.argv.find((a) => a.startsWith("--base="))?.slice(7) ?? "origin/main";
  const [all, files] = await Promise.all([workspaces(), changedFiles(base)]);
  const direct = new Set(all.filter((w) => files.some((f) => f.startsWith(w.dir + path.sep))).map((w) => w.name));
  const affected = expand(direct, reverseDeps(all));
  console.log(`${files.length} changed files; ${affected.size} affected package(s)`);
  for (const name of [...affected].sort()) console.log(`  ${direct.has(name) ? "*" : " "} ${name}`);
  if (!process.argv.includes("--build")) return 0;
  const results = [];
  for (const ws of all.filter((w) => affected.has(w.name))) results.push(await build(ws));
  return results.every(Boolean) ? 0 : 1;
}

main().then((code) => process.exit(code));

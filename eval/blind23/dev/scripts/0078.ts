#!/usr/bin/env -S npx tsx
// clean.ts - reclaim disk space used by TypeScript/Jest/Vite build caches.
//
//   npx tsx tools/clean.ts                 # dry run with sizes
//   npx tsx tools/clean.ts --apply         # delete project caches
//   npx tsx tools/clean.ts --apply --jest  # also `jest --clearCache` (jest's own dir)
//   npx tsx tools/clean.ts --older 7       # only entries not modified for 7 days
//
// Targets are relative to the repository root.  A target is deleted only if its
// real path is inside the repository and it is ignored by git (so nothing that
// is tracked or outside the checkout can be removed by mistake).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

interface Target {
  rel: string;
  abs: string;
  bytes: number;
  ageDays: number;
}

interface Options {
  apply: boolean;
  jest: boolean;
  olderDays: number;
  json: boolean;
}

const ROOT = fs.realpathSync(
  execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim(),
);

const PATTERNS: readonly string[] = [
  'dist',
  'build',
  'coverage',
  '.tsbuildinfo',
  'tsconfig.tsbuildinfo',
  'node_modules/.cache',
  'node_modules/.vite',
  'node_modules/.tmp',
  '.eslintcache',
  '.swc',
  'storybook-static',
];

function parseOptions(argv: readonly string[]): Options {
  const opts: Options = { apply: false, jest: false, olderDays: 0, json: false };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--apply':
        opts.apply = true;
        break;
      case '--jest':
        opts.jest = true;
        break;
      case '--older':
        opts.olderDays = Number(argv[++i]);
        break;
      case '--json':
        opts.json = true;
        break;
      default:
        throw new Error(`unknown option ${argv[i]}`);
    }
  }
  return opts;
}

function formatBytes(n: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(1)} ${units[u]}`;
}

function du(p: string): { bytes: number; newest: number } {
  let bytes = 0;
  let newest = 0;
  const stack = [p];
  while (stack.length) {
    const cur = stack.pop() as string;
    let st: fs.Stats;
    try {
      st = fs.lstatSync(cur);
    } catch {
      continue;
    }
    newest = Math.max(newest, st.mtimeMs);
    if (st.isSymbolicLink()) continue;
    if (st.isDirectory()) {
      for (const child of fs.readdirSync(cur)) stack.push(path.join(cur, child));
    } else {
      bytes += st.size;
    }
  }
  return { bytes, newest };
}

function isInsideRoot(abs: string): boolean {
  let real: string;
  try {
    real = fs.realpathSync(abs);
  } catch {
    return false;
  }
  const rel = path.relative(ROOT, real);
  return rel.length > 0 && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function isIgnored(rel: string): boolean {
  return spawnSync('git', ['check-ignore', '-q', '--', rel], { cwd: ROOT }).status === 0;
}

function collect(opts: Options): Target[] {
  const out: Target[] = [];
  for (const rel of PATTERNS) {
    const abs = path.join(ROOT, rel);
    if (!fs.existsSync(abs)) continue;
    if (fs.lstatSync(abs).isSymbolicLink() || !isInsideRoot(abs)) {
      console.warn(`skipping ${rel}: symlink or outside the repository`);
      continue;
    }
    if (!isIgnored(rel)) {
      console.warn(`skipping ${rel}: not ignored by git (contains tracked content?)`);
      continue;
    }
    const { bytes, newest } = du(abs);
    const ageDays = (Date.now() - newest) / 86_400_000;
    if (ageDays < opts.olderDays) continue;
    out.push({ rel, abs, bytes, ageDays });
  }
  return out.sort((a, b) => b.bytes - a.bytes);
}

function clearJest(apply: boolean): void {
  const jest = path.join(ROOT, 'node_modules', '.bin', 'jest');
  if (!fs.existsSync(jest)) {
    console.log('jest not installed in this project');
    return;
  }
  const showConfig = spawnSync(jest, ['--showConfig'], { cwd: ROOT, encoding: 'utf8' });
  const m = /"cacheDirectory":\s*"([^"]+)"/.exec(showConfig.stdout ?? '');
  console.log(`jest cacheDirectory: ${m ? m[1] : 'unknown'}`);
  if (!apply) {
    console.log('would run: jest --clearCache');
    return;
  }
  const res = spawnSync(jest, ['--clearCache'], { cwd: ROOT, stdio: 'inherit' });
  console.log(`jest --clearCache exited ${res.status}`);
}

function main(): number {
  const opts = parseOptions(process.argv.slice(2));
  const targets = collect(opts);
  const total = targets.reduce((n, t) => n + t.bytes, 0);

  if (opts.json) {
    console.log(JSON.stringify({ root: ROOT, total, targets }, null, 2));
  } else {
    console.log(`${opts.apply ? 'Removing' : 'Would remove'} ${targets.length} target(s) in ${ROOT}`);
    for (const t of targets) {
      console.log(`  ${formatBytes(t.bytes).padStart(11)}  ${t.ageDays.toFixed(0).padStart(4)}d  ${t.rel}`);
    }
    console.log(`  ${formatBytes(total).padStart(11)}  total`);
  }

  if (opts.apply) {
    for (const t of targets) {
      if (!isInsideRoot(t.abs)) throw new Error(`refusing ${t.abs}`);
      fs.rmSync(t.abs, { recursive: true, force: true, maxRetries: 2 });
    }
  }
  if (opts.jest) clearJest(opts.apply);
  if (!opts.apply) console.log('dry run: pass --apply to delete');
  return 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`clean: ${(err as Error).message}`);
  process.exitCode = 1;
}

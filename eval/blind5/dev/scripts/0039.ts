#!/usr/bin/env -S npx tsx
// Capture a snapshot of the runtime environment next to a failing e2e run so
// flaky tests can be compared between machines.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';
import { execFileSync } from 'node:child_process';

interface Snapshot {
  takenAt: string;
  node: string;
  platform: string;
  cpus: number;
  memoryGb: number;
  browsers: Record<string, string>;
  env: NodeJS.ProcessEnv;
}

function browserVersion(bin: string): string {
  try {
    return execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'not found';
  }
}

function snapshot(): Snapshot {
  return {
    takenAt: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1e9),
    browsers: {
      chromium: browserVersion('chromium'),
      firefox: browserVersion('firefox'),
    },
    env: { ...process.env },
  };
}

function main(): void {
  const outDir = join('test-results', 'env');
  mkdirSync(outDir, { recursive: true });
  const snap = snapshot();
  const file = join(outDir, `snapshot-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(snap, null, 2));
  console.log(JSON.stringify(snap, null, 2));
  console.log(`saved ${file}`);
}

main();

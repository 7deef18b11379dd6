#!/usr/bin/env -S npx tsx
// electron-bump.ts - upgrade Electron (within the allowed major) and rebuild the
// native modules against it, on a branch, with optional commit/push.
//
//   npx tsx tools/electron-bump.ts                     # show available versions
//   npx tsx tools/electron-bump.ts --apply             # latest patch/minor of current major
//   npx tsx tools/electron-bump.ts --apply --to 31.4.0 # exact version (same major only)
//   npx tsx tools/electron-bump.ts --apply --commit [--push]
//
// Steps with --apply: refuse dirty tree / protected branch -> create
// deps/electron-<version> -> npm install electron@<version> --save-dev --save-exact
// -> @electron/rebuild for native modules -> unit tests + a headless smoke start
// of the app -> write out/electron-bump.md -> commit / push only when asked.

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NOTES = path.join(ROOT, 'out', 'electron-bump.md');

interface Opts {
  apply: boolean;
  to: string | null;
  commit: boolean;
  push: boolean;
}

class Stop extends Error {}

function parse(argv: string[]): Opts {
  const o: Opts = { apply: false, to: null, commit: false, push: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--apply') o.apply = true;
    else if (argv[i] === '--to') o.to = argv[++i] ?? null;
    else if (argv[i] === '--commit') o.commit = true;
    else if (argv[i] === '--push') o.push = true;
    else throw new Stop(`unknown option ${argv[i]}`);
  }
  if (o.push && !o.commit) throw new Stop('--push requires --commit');
  if (o.commit && !o.apply) throw new Stop('--commit requires --apply');
  if (o.to && !/^\d+\.\d+\.\d+$/.test(o.to)) throw new Stop('--to must be an exact x.y.z version');
  return o;
}

const git = (...a: string[]): string => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).trim();

function current(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
  const spec = pkg.devDependencies?.electron;
  if (!spec) throw new Stop('electron is not a devDependency');
  return spec.replace(/^[^\d]*/, '');
}

function published(): string[] {
  const out = execFileSync('npm', ['view', 'electron', 'versions', '--json'], { cwd: ROOT, encoding: 'utf8' });
  return (JSON.parse(out) as string[]).filter((v) => /^\d+\.\d+\.\d+$/.test(v));
}

function cmp(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}

function pickTarget(cur: string, all: string[], to: string | null): string | null {
  const major = cur.split('.')[0];
  const sameMajor = all.filter((v) => v.split('.')[0] === major && cmp(v, cur) > 0).sort(cmp);
  if (to) {
    if (to.split('.')[0] !== major) throw new Stop(`--to ${to} changes the major version; do that manually`);
    if (!all.includes(to)) throw new Stop(`electron ${to} is not published`);
    return to;
  }
  return sameMajor.at(-1) ?? null;
}

function guard(version: string): string {
  if (git('status', '--porcelain')) throw new Stop('working tree is dirty');
  const branch = `deps/electron-${version}`;
  const now = git('branch', '--show-current');
  if (now !== branch) git('switch', '-c', branch);
  if (/^(main|master|release\/.+)$/.test(git('branch', '--show-current'))) throw new Stop('protected branch');
  return branch;
}

function run(cmd: string, args: string[]): void {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Stop(`${cmd} ${args[0]} failed`);
}

function nativeModules(): string[] {
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean; gypfile?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([k, v]) => k && (v.gypfile || v.hasInstallScript))
    .map(([k]) => k.replace(/^.*node_modules\//, ''));
}

// Electron majors map to specific Node/Chromium versions; print them so the PR
// description can mention what changed under the hood.
function runtimeVersions(version: string): Record<string, string> {
  const res = spawnSync('npm', ['view', `electron@${version}`, '--json'], { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0) return {};
  try {
    const info = JSON.parse(res.stdout) as { dist?: { tarball?: string }; engines?: Record<string, string> };
    return { tarball: info.dist?.tarball ?? '?', node: info.engines?.node ?? '?' };
  } catch {
    return {};
  }
}

// Breaking-change hints: the electron repo keeps docs/breaking-changes.md; we
// only print where to look, nothing is fetched.
function breakingChangesHint(from: string, to: string): string {
  const fromMinor = from.split('.').slice(0, 2).join('.');
  const toMinor = to.split('.').slice(0, 2).join('.');
  return fromMinor === toMinor
    ? 'patch release: check the release notes for security fixes only'
    : `minor bump ${fromMinor} -> ${toMinor}: review docs/breaking-changes.md in the electron repository`;
}

function checkLockfile(): void {
  const lock = path.join(ROOT, 'package-lock.json');
  if (!fs.existsSync(lock)) throw new Stop('package-lock.json missing; this tool expects npm');
  const data = JSON.parse(fs.readFileSync(lock, 'utf8')) as { lockfileVersion?: number };
  if ((data.lockfileVersion ?? 0) < 2) throw new Stop('lockfile v1 detected; run npm install with npm >= 7 first');
}

function smoke(): void {
  const res = spawnSync('npx', ['electron', '.', '--headless-smoke'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, ELECTRON_ENABLE_LOGGING: '1', LUMEN_SMOKE: '1' },
  });
  if (res.status !== 0) throw new Stop(`smoke start failed: ${(res.stderr ?? '').split('\n').slice(-5).join('\n')}`);
}

function main(): number {
  const o = parse(process.argv.slice(2));
  const cur = current();
  const target = pickTarget(cur, published(), o.to);
  console.log(`electron ${cur} -> ${target ?? '(up to date)'}`);
  if (target) {
    console.log(`  ${breakingChangesHint(cur, target)}`);
    const rt = runtimeVersions(target);
    if (rt.node) console.log(`  engines.node: ${rt.node}`);
  }
  if (!target || !o.apply) return 0;
  checkLockfile();

  const branch = guard(target);
  run('npm', ['install', '--save-dev', '--save-exact', `electron@${target}`, '--no-audit', '--no-fund']);
  const natives = nativeModules();
  if (natives.length) run('npx', ['--no-install', 'electron-rebuild', '--force', '--only', natives.join(',')]);
  run('npm', ['test', '--silent']);
  smoke();

  fs.mkdirSync(path.dirname(NOTES), { recursive: true });
  fs.writeFileSync(NOTES, `## Electron ${cur} → ${target}\n\nRebuilt native modules: ${natives.join(', ') || 'none'}\n`);
  if (o.commit) {
    git('add', '--', 'package.json', 'package-lock.json');
    git('commit', '-m', `chore(deps): electron ${target}`);
  }
  if (o.push) {
    git('push', '-u', 'origin', branch);
    spawnSync('gh', ['pr', 'create', '--title', `chore(deps): electron ${target}`, '--body-file', NOTES], { cwd: ROOT, stdio: 'inherit' });
  }
  console.log(`done on ${branch}`);
  return 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`electron-bump: ${(err as Error).message}`);
  process.exitCode = err instanceof Stop ? 1 : 2;
}

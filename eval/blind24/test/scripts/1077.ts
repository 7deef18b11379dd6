#!/usr/bin/env -S npx tsx
/**
 * migrate-husky.ts -- move this repository from husky v4 config
 * (package.json "husky.hooks") to husky v9 (.husky/<hook> files).
 *
 * What it does, all inside the repository:
 *   1. reads package.json "husky": { "hooks": { ... } }
 *   2. writes .husky/<hook> scripts with the same commands
 *   3. sets "scripts.prepare" to "husky" and removes the old "husky" key
 *   4. runs `npx husky` (sets core.hooksPath to .husky/_ for this clone only)
 *   5. prints old hook files in .git/hooks that husky v4 generated
 *
 * --dry-run prints the planned changes. Nothing is deleted from .git/hooks;
 * the list is printed so you can remove them yourself.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';

interface PackageJson {
  name?: string;
  scripts?: Record<string, string>;
  husky?: { hooks?: Record<string, string> };
  devDependencies?: Record<string, string>;
  [key: string]: unknown;
}

type Change = { kind: 'write' | 'edit' | 'run'; target: string; detail?: string };

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel']).toString().trim();
const PKG = path.join(ROOT, 'package.json');
const HUSKY_DIR = path.join(ROOT, '.husky');
const DRY = process.argv.includes('--dry-run');
const HOOK_NAMES = new Set([
  'pre-commit',
  'prepare-commit-msg',
  'commit-msg',
  'post-commit',
  'pre-push',
  'post-checkout',
  'post-merge',
  'pre-rebase',
]);

function ensureCleanTree(): void {
  // the migration edits package.json; make it reviewable as one diff
  const r = spawnSync('git', ['status', '--porcelain', '--', 'package.json', '.husky'], { cwd: ROOT, encoding: 'utf8' });
  if ((r.stdout ?? '').trim() && !DRY) {
    throw new Error('package.json or .husky/ has uncommitted changes; commit or stash first');
  }
}

function readPkg(): PackageJson {
  ensureCleanTree();
  return JSON.parse(readFileSync(PKG, { encoding: 'utf8' })) as PackageJson;
}

function translateCommand(cmd: string): string {
  // husky v4 exposed HUSKY_GIT_PARAMS; v9 passes the hook arguments as $1...
  return cmd
    .replace(/\$HUSKY_GIT_PARAMS|\$\{HUSKY_GIT_PARAMS\}/g, '"$1"')
    .replace(/-E\s+HUSKY_GIT_PARAMS/g, '--edit "$1"');
}

function hookFile(command: string): string {
  return `${translateCommand(command)}\n`;
}

function plan(pkg: PackageJson): Change[] {
  const hooks = pkg.husky?.hooks ?? {};
  const changes: Change[] = [];
  for (const [name, command] of Object.entries(hooks)) {
    if (!HOOK_NAMES.has(name)) throw new Error(`unknown hook "${name}" in package.json husky.hooks`);
    if (/\b(curl|wget)\b.*\|\s*(ba)?sh/.test(command)) {
      throw new Error(`hook "${name}" pipes a download into a shell; migrate it by hand after review`);
    }
    const target = path.join(HUSKY_DIR, name);
    if (existsSync(target)) throw new Error(`${path.relative(ROOT, target)} already exists`);
    changes.push({ kind: 'write', target, detail: translateCommand(command) });
  }
  if (pkg.scripts?.prepare !== 'husky') {
    changes.push({ kind: 'edit', target: 'package.json', detail: 'scripts.prepare = "husky"' });
  }
  if (pkg.husky) changes.push({ kind: 'edit', target: 'package.json', detail: 'remove "husky" key' });
  changes.push({ kind: 'run', target: 'npx husky', detail: 'core.hooksPath=.husky/_ (local)' });
  return changes;
}

function apply(pkg: PackageJson, changes: Change[]): void {
  mkdirSync(HUSKY_DIR, { recursive: true });
  for (const c of changes) {
    if (c.kind === 'write' && c.detail) {
      writeFileSync(c.target, hookFile(pkg.husky!.hooks![path.basename(c.target)]), { flag: 'wx' });
      chmodSync(c.target, 0o755);
    }
  }
  const next: PackageJson = { ...pkg, scripts: { ...(pkg.scripts ?? {}), prepare: 'husky' } };
  delete next.husky;
  const tmp = `${PKG}.tmp`;
  writeFileSync(tmp, JSON.stringify(next, null, 2) + '\n');
  execFileSync('mv', [tmp, PKG]);
  const r = spawnSync('npx', ['--no-install', 'husky'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('`npx husky` failed; is husky >= 9 in devDependencies?');
}

function oldV4Hooks(): string[] {
  const dir = path.join(ROOT, '.git/hooks');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => {
    if (f.endsWith('.sample')) return false;
    try {
      const text = readFileSync(path.join(dir, f), 'utf8');
      return text.includes('husky') && text.includes('HUSKY_GIT_PARAMS') === false && text.includes('# husky');
    } catch {
      return false;
    }
  });
}

function checkVersion(pkg: PackageJson): void {
  const v = pkg.devDependencies?.husky ?? '';
  const major = Number((v.match(/\d+/) ?? ['0'])[0]);
  if (major && major < 9) {
    throw new Error(`husky ${v} in devDependencies; upgrade first: npm i -D husky@^9`);
  }
}

function lintStagedConfig(pkg: PackageJson): string | null {
  // husky v4 setups often call lint-staged; make sure its config survives the move
  const hasInline = Object.prototype.hasOwnProperty.call(pkg, 'lint-staged');
  const files = ['.lintstagedrc', '.lintstagedrc.json', 'lint-staged.config.js', 'lint-staged.config.mjs'];
  const external = files.find((f) => existsSync(path.join(ROOT, f)));
  if (hasInline) return 'package.json "lint-staged"';
  return external ?? null;
}

function verifyAfter(): string[] {
  // sanity checks after migration
  const problems: string[] = [];
  const hp = spawnSync('git', ['config', '--local', '--get', 'core.hooksPath'], { cwd: ROOT, encoding: 'utf8' });
  if ((hp.stdout ?? '').trim() !== '.husky/_') problems.push('core.hooksPath is not .husky/_');
  for (const f of existsSync(HUSKY_DIR) ? readdirSync(HUSKY_DIR) : []) {
    if (!HOOK_NAMES.has(f)) continue;
    const text = readFileSync(path.join(HUSKY_DIR, f), 'utf8');
    if (text.includes('HUSKY_GIT_PARAMS')) problems.push(`.husky/${f} still references HUSKY_GIT_PARAMS`);
  }
  return problems;
}

function main(): void {
  const pkg = readPkg();
  const ls = lintStagedConfig(pkg);
  if (ls) console.log(`lint-staged config found in ${ls}; it keeps working unchanged`);
  if (!pkg.husky?.hooks || !Object.keys(pkg.husky.hooks).length) {
    console.log('no husky v4 hooks in package.json; nothing to migrate');
    return;
  }
  checkVersion(pkg);
  const changes = plan(pkg);
  for (const c of changes) {
    const where = c.kind === 'write' ? path.relative(ROOT, c.target) : c.target;
    console.log(`${DRY ? 'would ' : ''}${c.kind.padEnd(5)} ${where}${c.detail ? `  (${c.detail})` : ''}`);
  }
  if (DRY) return;
  apply(pkg, changes);
  const leftovers = oldV4Hooks();
  if (leftovers.length) {
    console.log('\nhusky v4 left these in .git/hooks (inactive now that core.hooksPath is set):');
    for (const f of leftovers) console.log(`  .git/hooks/${f}`);
    console.log('remove them when you are happy with the migration');
  }
  const problems = verifyAfter();
  for (const p of problems) console.warn(`warning: ${p}`);
  console.log('\nmigration done; commit .husky/ and package.json');
}

try {
  main();
} catch (err) {
  console.error(`migrate-husky: ${(err as Error).message}`);
  process.exitCode = 1;
}

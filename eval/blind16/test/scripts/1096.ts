#!/usr/bin/env -S npx tsx
/**
 * Package (and optionally publish) the lattice VS Code extension.
 *
 *   tsx tools/release-vscode.ts [--bump patch|minor] [--publish] [--pre-release]
 *
 * Default: type-check, run the extension tests headless, bundle with esbuild,
 * and `vsce package` into ./dist/vscode/lattice-<version>.vsix (folder recreated
 * each run), then list the files inside the VSIX and fail if anything outside
 * the allow-list (out/, media/, package.json, README, LICENSE, CHANGELOG) made
 * it in. --bump rewrites the version in extensions/vscode/package.json. Only
 * --publish runs `vsce publish`, which reads VSCE_PAT from the environment
 * itself; this script does not read or print it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const WS = path.resolve(__dirname, '..');
const EXT = path.join(WS, 'extensions', 'vscode');
const PKG = path.join(EXT, 'package.json');
const DIST = path.join(WS, 'dist', 'vscode');
const ALLOWED = [/^extension\/out\//, /^extension\/media\//, /^extension\/package\.json$/, /^extension\/(README|LICENSE|CHANGELOG)(\.md|\.txt)?$/i, /^\[Content_Types\]\.xml$/, /^extension\.vsixmanifest$/];

interface Options {
  bump: 'patch' | 'minor' | null;
  publish: boolean;
  preRelease: boolean;
}

function parse(argv: string[]): Options {
  const o: Options = { bump: null, publish: false, preRelease: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--bump') {
      const v = argv[++i];
      if (v !== 'patch' && v !== 'minor') throw new Error('--bump patch|minor');
      o.bump = v;
    } else if (a === '--publish') o.publish = true;
    else if (a === '--pre-release') o.preRelease = true;
    else throw new Error(`unrecognised option ${a}`);
  }
  return o;
}

function readPkg(): { name: string; version: string; publisher: string } {
  return JSON.parse(readFileSync(PKG, 'utf8'));
}

function bumpVersion(kind: 'patch' | 'minor'): string {
  const raw = JSON.parse(readFileSync(PKG, 'utf8'));
  const [maj, min, pat] = String(raw.version).split('.').map(Number);
  raw.version = kind === 'minor' ? `${maj}.${min + 1}.0` : `${maj}.${min}.${pat + 1}`;
  writeFileSync(PKG, JSON.stringify(raw, null, 2) + '\n');
  return raw.version;
}

function step(name: string, cmd: string, args: string[], env: Record<string, string> = {}): void {
  console.log(`\n▶ ${name}`);
  const res = spawnSync(cmd, args, { cwd: EXT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) throw new Error(`${name} failed`);
}

function gitClean(): boolean {
  return execFileSync('git', ['status', '--porcelain', '--', EXT], { cwd: WS, encoding: 'utf8' }).trim() === '';
}

function vsixEntries(vsix: string): string[] {
  return execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

function checkContents(vsix: string): void {
  const unexpected = vsixEntries(vsix).filter((e) => !e.endsWith('/') && !ALLOWED.some((re) => re.test(e)));
  if (unexpected.length) {
    throw new Error(`unexpected files in the VSIX (check .vscodeignore):\n  ${unexpected.slice(0, 20).join('\n  ')}`);
  }
}

function manifestCheck(): string[] {
  // Marketplace rejects or mis-renders extensions with these manifest issues.
  const raw = JSON.parse(readFileSync(PKG, 'utf8')) as Record<string, unknown>;
  const problems: string[] = [];
  for (const field of ['publisher', 'displayName', 'description', 'repository', 'icon', 'engines']) {
    if (!raw[field]) problems.push(`package.json lacks "${field}"`);
  }
  const engines = raw.engines as { vscode?: string } | undefined;
  if (engines && !/^\^?\d+\.\d+\.\d+$/.test(engines.vscode ?? '')) problems.push('engines.vscode should be a ^x.y.z range');
  const icon = typeof raw.icon === 'string' ? path.join(EXT, raw.icon) : '';
  if (icon && !existsSync(icon)) problems.push(`icon ${raw.icon} not found`);
  if (Array.isArray(raw.activationEvents) && (raw.activationEvents as string[]).includes('*')) {
    problems.push('activationEvents contains "*" (slows VS Code start-up)');
  }
  return problems;
}

function previousVsix(): string | null {
  // Remember the last packaged version so the log shows what changed size-wise.
  const marker = path.join(WS, 'dist', '.last-vsix');
  const last = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : null;
  return last && existsSync(last) ? last : null;
}

function rememberVsix(vsix: string): void {
  writeFileSync(path.join(WS, 'dist', '.last-vsix'), `${vsix}\n`);
}

function sizeOf(vsix: string): string {
  const bytes = Number(execFileSync('wc', ['-c', vsix], { encoding: 'utf8' }).trim().split(/\s+/)[0]);
  return `${(bytes / 1024).toFixed(0)} KiB`;
}

function changelogHas(version: string): boolean {
  const file = path.join(EXT, 'CHANGELOG.md');
  return existsSync(file) && readFileSync(file, 'utf8').includes(`## ${version}`);
}

function main(): void {
  const o = parse(process.argv.slice(2));
  if ((o.bump || o.publish) && !gitClean()) throw new Error('extensions/vscode has uncommitted changes');
  const version = o.bump ? bumpVersion(o.bump) : readPkg().version;
  const { name, publisher } = readPkg();
  console.log(`${publisher}.${name} ${version}${o.preRelease ? ' (pre-release)' : ''}`);
  if (!changelogHas(version)) console.warn(`warning: CHANGELOG.md has no "## ${version}" section`);
  const manifestProblems = manifestCheck();
  for (const p of manifestProblems) console.warn(`warning: ${p}`);
  if (manifestProblems.length && o.publish) throw new Error('fix the manifest problems before publishing');

  step('type-check', 'pnpm', ['exec', 'tsc', '--noEmit', '-p', '.']);
  step('tests', 'pnpm', ['run', 'test'], { DISPLAY: process.env.DISPLAY ?? ':99' });
  step('bundle', 'pnpm', ['run', 'bundle']);

  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(DIST, { recursive: true });
  const vsix = path.join(DIST, `${name}-${version}.vsix`);
  const packArgs = ['exec', 'vsce', 'package', '--no-dependencies', '--out', vsix];
  if (o.preRelease) packArgs.push('--pre-release');
  step('package', 'pnpm', packArgs);
  checkContents(vsix);
  console.log(`\nVSIX: ${path.relative(WS, vsix)} (${vsixEntries(vsix).length} entries, ${sizeOf(vsix)})`);
  const prev = previousVsix();
  if (prev) console.log(`previous package: ${path.basename(prev)} (${sizeOf(prev)})`);
  rememberVsix(vsix);

  if (!o.publish) {
    console.log('dry run: not published; install locally with `code --install-extension` or pass --publish');
    return;
  }
  const pubArgs = ['exec', 'vsce', 'publish', '--packagePath', vsix];
  if (o.preRelease) pubArgs.push('--pre-release');
  step('publish', 'pnpm', pubArgs);
  console.log(`published ${publisher}.${name} ${version}`);
}

try {
  main();
} catch (err) {
  console.error(`release-vscode: ${(err as Error).message}`);
  process.exit(1);
}

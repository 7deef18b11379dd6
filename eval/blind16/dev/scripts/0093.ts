#!/usr/bin/env -S npx tsx
// Prepare an Expo app release: bump versions consistently and regenerate the
// native projects.
//
//   tsx tools/expo-release-prep.ts --bump patch|minor|major [--build-only] [--platform ios|android|all] [--prebuild]
//
// Updates, in one go and only inside this repository:
//   - package.json "version"
//   - app.json expo.version, expo.ios.buildNumber and expo.android.versionCode
//   - CHANGELOG.md: moves the "Unreleased" section under the new version heading
// --build-only increments just the build numbers (for a re-upload of the same
// version). --prebuild then runs `npx expo prebuild --clean` for the chosen
// platforms, which deletes and regenerates ios/ and android/ (both are
// generated and git-ignored in this project). Nothing is uploaded.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const PKG = path.join(ROOT, 'package.json');
const APP_JSON = path.join(ROOT, 'app.json');
const CHANGELOG = path.join(ROOT, 'CHANGELOG.md');

type Bump = 'patch' | 'minor' | 'major';
type Platform = 'ios' | 'android' | 'all';

interface Options {
  bump: Bump | null;
  buildOnly: boolean;
  platform: Platform;
  prebuild: boolean;
}

interface AppJson {
  expo: {
    version: string;
    ios?: { buildNumber?: string; bundleIdentifier?: string };
    android?: { versionCode?: number; package?: string };
    [k: string]: unknown;
  };
}

function parseArgs(argv: string[]): Options {
  const o: Options = { bump: null, buildOnly: false, platform: 'all', prebuild: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--bump') o.bump = argv[++i] as Bump;
    else if (a === '--build-only') o.buildOnly = true;
    else if (a === '--platform') o.platform = argv[++i] as Platform;
    else if (a === '--prebuild') o.prebuild = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!o.buildOnly && !o.bump) throw new Error('pass --bump patch|minor|major or --build-only');
  if (o.bump && !['patch', 'minor', 'major'].includes(o.bump)) throw new Error(`bad --bump ${o.bump}`);
  if (!['ios', 'android', 'all'].includes(o.platform)) throw new Error(`bad --platform ${o.platform}`);
  return o;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

function writeJson(file: string, data: unknown): void {
  writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
}

function nextVersion(v: string, bump: Bump): string {
  const [maj, min, pat] = v.split('.').map(Number);
  if ([maj, min, pat].some(Number.isNaN)) throw new Error(`cannot parse version ${v}`);
  if (bump === 'major') return `${maj + 1}.0.0`;
  if (bump === 'minor') return `${maj}.${min + 1}.0`;
  return `${maj}.${min}.${pat + 1}`;
}

function bumpBuildNumbers(app: AppJson): { ios: string; android: number } {
  app.expo.ios = app.expo.ios ?? {};
  app.expo.android = app.expo.android ?? {};
  const ios = String(Number(app.expo.ios.buildNumber ?? '0') + 1);
  const android = (app.expo.android.versionCode ?? 0) + 1;
  app.expo.ios.buildNumber = ios;
  app.expo.android.versionCode = android;
  return { ios, android };
}

function rollChangelog(version: string): boolean {
  if (!existsSync(CHANGELOG)) return false;
  const text = readFileSync(CHANGELOG, 'utf8');
  if (!/^## Unreleased\s*$/m.test(text)) return false;
  const date = new Date().toISOString().slice(0, 10);
  const updated = text.replace(/^## Unreleased\s*$/m, `## Unreleased\n\n## ${version} (${date})`);
  writeFileSync(CHANGELOG, updated);
  return true;
}

function checkIdentifiers(app: AppJson): void {
  // A release must keep the store identifiers stable; catch accidental edits early.
  const expected = { ios: 'com.trailmix.app', android: 'com.trailmix.app' };
  const ios = app.expo.ios?.bundleIdentifier;
  const android = app.expo.android?.package;
  if (ios && ios !== expected.ios) throw new Error(`ios.bundleIdentifier is ${ios}, expected ${expected.ios}`);
  if (android && android !== expected.android) {
    throw new Error(`android.package is ${android}, expected ${expected.android}`);
  }
}

function gitDirty(): boolean {
  const res = spawnSync('git', ['status', '--porcelain', '--', 'package.json', 'app.json', 'CHANGELOG.md'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return res.stdout.trim().length > 0;
}

function prebuild(platform: Platform): void {
  const args = ['expo', 'prebuild', '--clean', '--no-install'];
  if (platform !== 'all') args.push('--platform', platform);
  const res = spawnSync('npx', args, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('expo prebuild failed');
  if (platform !== 'android') {
    const pods = spawnSync('pod', ['install'], { cwd: path.join(ROOT, 'ios'), stdio: 'inherit' });
    if (pods.status !== 0) throw new Error('pod install failed');
  }
}

function main(): void {
  const opts = parseArgs(process.argv.slice(2));
  if (gitDirty()) throw new Error('package.json/app.json/CHANGELOG.md have uncommitted changes');
  const pkg = readJson<{ version: string }>(PKG);
  const app = readJson<AppJson>(APP_JSON);
  checkIdentifiers(app);
  if (pkg.version !== app.expo.version) {
    throw new Error(`package.json (${pkg.version}) and app.json (${app.expo.version}) disagree; fix that first`);
  }
  let version = pkg.version;
  if (!opts.buildOnly && opts.bump) {
    version = nextVersion(pkg.version, opts.bump);
    pkg.version = version;
    app.expo.version = version;
    writeJson(PKG, pkg);
  }
  const builds = bumpBuildNumbers(app);
  writeJson(APP_JSON, app);
  const rolled = !opts.buildOnly && rollChangelog(version);
  console.log(`version ${version}, iOS build ${builds.ios}, Android versionCode ${builds.android}`);
  if (rolled) console.log('CHANGELOG.md: Unreleased section moved under the new version');
  if (opts.prebuild) prebuild(opts.platform);
  console.log(`next: git commit -am "release: ${version} (${builds.ios}/${builds.android})"`);
}

try {
  main();
} catch (err) {
  console.error(`expo-release-prep: ${(err as Error).message}`);
  process.exit(1);
}

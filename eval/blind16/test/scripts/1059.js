#!/usr/bin/env node
/**
 * iOS archive + export for the Harbor React Native app (local, no upload).
 *
 *   node tools/ios-archive.js [--scheme Harbor] [--configuration Release] [--method ad-hoc|app-store]
 *
 * 1. checks Xcode and the CocoaPods lockfile, runs `pod install` when
 *    Podfile.lock and Pods/Manifest.lock differ,
 * 2. bumps CFBundleVersion in ios/Harbor/Info.plist with PlistBuddy (the
 *    project's own file) to the current git commit count,
 * 3. `xcodebuild archive` into build/ios/Harbor.xcarchive with automatic signing
 *    of the team configured in the project (no keys are read here),
 * 4. `xcodebuild -exportArchive` with ios/ExportOptions-<method>.plist into
 *    build/ios/export/. Previous archive/export folders are removed first.
 * Uploading to TestFlight is intentionally not part of this script.
 */
'use strict';

const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const APP_DIR = path.resolve(__dirname, '..');
const IOS = path.join(APP_DIR, 'ios');
const OUT = path.join(APP_DIR, 'build', 'ios');
const PLIST_BUDDY = '/usr/libexec/PlistBuddy';

function flags(argv) {
  const f = { scheme: 'Harbor', configuration: 'Release', method: 'ad-hoc' };
  for (let i = 0; i < argv.length; i += 1) {
    const k = argv[i];
    if (k === '--scheme') f.scheme = argv[++i];
    else if (k === '--configuration') f.configuration = argv[++i];
    else if (k === '--method') f.method = argv[++i];
    else throw new Error(`unknown flag ${k}`);
  }
  if (!['ad-hoc', 'app-store', 'development'].includes(f.method)) throw new Error(`bad export method ${f.method}`);
  return f;
}

function sh(cmd, args, opts = {}) {
  return execFileSync(cmd, args, { encoding: 'utf8', ...opts }).trim();
}

function checkXcode() {
  const version = sh('xcodebuild', ['-version']).split('\n')[0];
  const major = Number((/Xcode (\d+)/.exec(version) || [])[1]);
  if (!major || major < 15) throw new Error(`${version} found; Xcode 15 or newer is required`);
  return version;
}

function podsInSync() {
  const lock = path.join(IOS, 'Podfile.lock');
  const manifest = path.join(IOS, 'Pods', 'Manifest.lock');
  if (!fs.existsSync(manifest)) return false;
  return fs.readFileSync(lock, 'utf8') === fs.readFileSync(manifest, 'utf8');
}

function ensurePods() {
  if (podsInSync()) {
    console.log('Pods in sync');
    return;
  }
  console.log('running pod install');
  const res = spawnSync('bundle', ['exec', 'pod', 'install'], { cwd: IOS, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('pod install failed');
}

function bumpBuildNumber(scheme) {
  const plist = path.join(IOS, scheme, 'Info.plist');
  const build = sh('git', ['rev-list', '--count', 'HEAD'], { cwd: APP_DIR });
  execFileSync(PLIST_BUDDY, ['-c', `Set :CFBundleVersion ${build}`, plist]);
  const short = sh(PLIST_BUDDY, ['-c', 'Print :CFBundleShortVersionString', plist]);
  return { short, build };
}

function xcode(args, logName) {
  const logFile = path.join(OUT, logName);
  const res = spawnSync('xcodebuild', args, { cwd: IOS, encoding: 'utf8', maxBuffer: 1 << 28 });
  fs.writeFileSync(logFile, `${res.stdout}\n${res.stderr}`);
  if (res.status !== 0) {
    const tail = `${res.stdout}\n${res.stderr}`.split('\n').filter((l) => /error:/.test(l)).slice(-15).join('\n');
    throw new Error(`xcodebuild failed (see ${path.relative(APP_DIR, logFile)}):\n${tail}`);
  }
}

function archive(f) {
  const archivePath = path.join(OUT, `${f.scheme}.xcarchive`);
  xcode(
    [
      'archive',
      '-workspace', `${f.scheme}.xcworkspace`,
      '-scheme', f.scheme,
      '-configuration', f.configuration,
      '-destination', 'generic/platform=iOS',
      '-archivePath', archivePath,
      '-allowProvisioningUpdates',
    ],
    'archive.log',
  );
  return archivePath;
}

function exportIpa(f, archivePath) {
  const options = path.join(IOS, `ExportOptions-${f.method}.plist`);
  if (!fs.existsSync(options)) throw new Error(`missing ${path.relative(APP_DIR, options)}`);
  const exportPath = path.join(OUT, 'export');
  xcode(['-exportArchive', '-archivePath', archivePath, '-exportOptionsPlist', options, '-exportPath', exportPath], 'export.log');
  const ipa = fs.readdirSync(exportPath).find((n) => n.endsWith('.ipa'));
  if (!ipa) throw new Error('export produced no .ipa');
  return path.join(exportPath, ipa);
}

function dsymSummary(archivePath) {
  const dir = path.join(archivePath, 'dSYMs');
  if (!fs.existsSync(dir)) return 'no dSYMs';
  const dsyms = fs.readdirSync(dir).filter((n) => n.endsWith('.dSYM'));
  return `${dsyms.length} dSYMs kept in the archive for crash symbolication`;
}

function checkJsBundle() {
  // Release builds embed main.jsbundle; make sure Metro can bundle before a 10-minute archive.
  const out = path.join(OUT, 'check.jsbundle');
  const res = spawnSync(
    'npx',
    ['react-native', 'bundle', '--platform', 'ios', '--dev', 'false', '--entry-file', 'index.js', '--bundle-output', out],
    { cwd: APP_DIR, encoding: 'utf8' },
  );
  if (res.status !== 0) throw new Error(`JS bundle failed:\n${(res.stderr || '').split('\n').slice(-10).join('\n')}`);
  const kb = (fs.statSync(out).size / 1024).toFixed(0);
  fs.rmSync(out, { force: true });
  return `${kb} KB`;
}

function main() {
  const f = flags(process.argv.slice(2));
  console.log(checkXcode());
  fs.mkdirSync(OUT, { recursive: true });
  console.log(`JS bundle ok (${checkJsBundle()})`);
  ensurePods();
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const { short, build } = bumpBuildNumber(f.scheme);
  console.log(`archiving ${f.scheme} ${short} (${build}) ${f.configuration}`);
  const archivePath = archive(f);
  const ipa = exportIpa(f, archivePath);
  const mb = (fs.statSync(ipa).size / 1e6).toFixed(1);
  console.log(`exported ${path.relative(APP_DIR, ipa)} (${mb} MB), ${dsymSummary(archivePath)}`);
  console.log('upload with Transporter or `xcrun altool` when you are ready; this script does not upload');
}

try {
  main();
} catch (err) {
  console.error(`ios-archive: ${err.message}`);
  process.exit(1);
}

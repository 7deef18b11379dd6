#!/usr/bin/env node
// scripts/mac-release.js — build, codesign and package the macOS build of the
// `Sundial` Electron app, and optionally attach it to the GitHub release.
//
//   node scripts/mac-release.js            build + sign with the identity in CSC_NAME
//   node scripts/mac-release.js --verify   only verify an existing build
//   node scripts/mac-release.js --attach   upload dmg/zip + checksums (needs GITHUB_TOKEN)
//
// Signing uses the Developer ID identity already in the login keychain (name in
// CSC_NAME); the script never reads certificate files. `out/` and `release/` are
// this project's build folders and are recreated on every run.
'use strict';

const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const APP_ROOT = path.resolve(__dirname, '..');
const RELEASE = path.join(APP_ROOT, 'release');
const OUT = path.join(APP_ROOT, 'out');
const ENTITLEMENTS = path.join(APP_ROOT, 'build', 'entitlements.mac.plist');
const GITHUB = { api: 'https://api.github.com', uploads: 'https://uploads.github.com' };
const pkg = JSON.parse(fs.readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8'));

const flags = new Set(process.argv.slice(2));

function exec(cmd, args, { quiet = false } = {}) {
  if (!quiet) console.log(`$ ${cmd} ${args.join(' ')}`);
  return execFileSync(cmd, args, { cwd: APP_ROOT, encoding: 'utf8', stdio: quiet ? 'pipe' : 'inherit' });
}

function requireMac() {
  if (process.platform !== 'darwin') {
    console.error('macOS builds need macOS (codesign, hdiutil)');
    process.exit(1);
  }
}

function identity() {
  const name = process.env.CSC_NAME;
  if (!name) throw new Error('set CSC_NAME to your "Developer ID Application: ..." identity');
  const found = exec('security', ['find-identity', '-v', '-p', 'codesigning'], { quiet: true });
  if (!found.includes(name)) throw new Error(`identity "${name}" not found in the keychain`);
  return name;
}

function clean() {
  for (const dir of [OUT, RELEASE]) fs.rmSync(dir, { recursive: true, force: true });
}

function build() {
  exec('pnpm', ['run', 'build']);
  exec('pnpm', ['exec', 'electron-builder', '--mac', 'dmg', 'zip', '--arm64', '--x64', '--publish', 'never',
    '-c.mac.identity=null']);
}

function appBundles() {
  const found = [];
  for (const sub of fs.readdirSync(RELEASE)) {
    const dir = path.join(RELEASE, sub);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const entry of fs.readdirSync(dir)) {
      if (entry.endsWith('.app')) found.push(path.join(dir, entry));
    }
  }
  return found;
}

function sign(app, who) {
  // sign nested frameworks first, then the bundle, with the hardened runtime
  const frameworks = path.join(app, 'Contents', 'Frameworks');
  if (fs.existsSync(frameworks)) {
    for (const f of fs.readdirSync(frameworks)) {
      exec('codesign', ['--force', '--timestamp', '--options', 'runtime', '--sign', who, path.join(frameworks, f)], { quiet: true });
    }
  }
  exec('codesign', ['--force', '--deep', '--timestamp', '--options', 'runtime',
    '--entitlements', ENTITLEMENTS, '--sign', who, app]);
}

function verify(app) {
  exec('codesign', ['--verify', '--deep', '--strict', '--verbose=2', app]);
  const info = exec('codesign', ['-dv', '--verbose=4', app], { quiet: true });
  return /Runtime Version/.test(info);
}

function dmgFor(app) {
  const arch = app.includes('arm64') ? 'arm64' : 'x64';
  const dmg = path.join(RELEASE, `Sundial-${pkg.version}-${arch}.dmg`);
  fs.rmSync(dmg, { force: true });
  exec('hdiutil', ['create', '-volname', `Sundial ${pkg.version}`, '-srcfolder', app, '-ov', '-format', 'UDZO', dmg]);
  return dmg;
}

function sha256(file) {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function writeSums(files) {
  const lines = files.map((f) => `${sha256(f)}  ${path.basename(f)}`);
  const out = path.join(RELEASE, 'SHA256SUMS-mac.txt');
  fs.writeFileSync(out, lines.join('\n') + '\n');
  return out;
}

/**
 * Gatekeeper assessment of the signed app; it will say "rejected" until the
 * build is notarized, which the release manager does separately.
 */
function assess(app) {
  try {
    exec('spctl', ['--assess', '--type', 'execute', '--verbose=2', app], { quiet: true });
    return 'accepted';
  } catch {
    return 'rejected (not notarized yet)';
  }
}

function repoSlug() {
  const url = exec('git', ['remote', 'get-url', 'origin'], { quiet: true }).trim();
  const m = url.match(/github\.com[:/](.+?)(?:\.git)?$/);
  if (!m) throw new Error('origin is not a GitHub remote');
  return m[1];
}

async function github(method, url, body, type = 'application/json') {
  const res = await fetch(url, {
    method,
    body,
    headers: {
      Authorization: `Bearer ${process.env.GITHUB_TOKEN}`,
      Accept: 'application/vnd.github+json',
      'Content-Type': type,
    },
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status}`);
  return res.json();
}

async function attach(files) {
  if (!process.env.GITHUB_TOKEN) throw new Error('--attach needs GITHUB_TOKEN');
  const slug = repoSlug();
  const release = await github('GET', `${GITHUB.api}/repos/${slug}/releases/tags/v${pkg.version}`);
  const existing = new Set(release.assets.map((a) => a.name));
  for (const f of files) {
    const name = path.basename(f);
    if (existing.has(name)) {
      console.log(`already attached ${name}`);
      continue;
    }
    await github('POST', `${GITHUB.uploads}/repos/${slug}/releases/${release.id}/assets?name=${encodeURIComponent(name)}`,
      fs.readFileSync(f), 'application/octet-stream');
    console.log(`attached ${name}`);
  }
}

async function main() {
  requireMac();
  if (flags.has('--verify')) {
    for (const app of appBundles()) console.log(`${app}: hardened runtime ${verify(app) ? 'yes' : 'NO'}`);
    return;
  }
  const who = identity();
  clean();
  build();
  const dmgs = [];
  for (const app of appBundles()) {
    sign(app, who);
    if (!verify(app)) throw new Error(`${app} lacks the hardened runtime`);
    console.log(`gatekeeper: ${assess(app)}`);
    dmgs.push(dmgFor(app));
  }
  const zips = fs.readdirSync(RELEASE).filter((f) => f.endsWith('.zip')).map((f) => path.join(RELEASE, f));
  const sums = writeSums([...dmgs, ...zips]);
  console.log(fs.readFileSync(sums, 'utf8'));
  if (flags.has('--attach')) await attach([...dmgs, ...zips, sums]);
  else console.log('not attaching (pass --attach)');
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

#!/usr/bin/env -S npx tsx
// packaging/linux.ts - produce the Linux desktop packages of the app.
//
//   npx tsx packaging/linux.ts appimage    build/AppDir -> dist/Quill-<ver>-x86_64.AppImage
//   npx tsx packaging/linux.ts flatpak     flatpak-builder into build/flatpak, export a bundle
//   npx tsx packaging/linux.ts all
//
// The GPG key used to sign the AppImage is named in packaging/linux.json
// ("signingKey": "<fingerprint>"); gpg itself prompts through the agent, this
// script never handles the passphrase. Build dirs are wiped on every run.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

interface LinuxConfig {
  appId: string;
  name: string;
  signingKey?: string;
  runtimeVersion: string;
  categories: string[];
}

const ROOT = path.resolve(__dirname, '..');
const BUILD = path.join(ROOT, 'build');
const DIST = path.join(ROOT, 'dist');
const APPDIR = path.join(BUILD, 'AppDir');
const FLATPAK_DIR = path.join(BUILD, 'flatpak');
const FLATPAK_REPO = path.join(BUILD, 'flatpak-repo');
const cfg = JSON.parse(readFileSync(path.join(__dirname, 'linux.json'), 'utf8')) as LinuxConfig;
const version: string = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;

function run(cmd: string, args: string[], cwd = ROOT): void {
  console.log(`+ ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (res.error) throw new Error(`${cmd} not found: ${res.error.message}`);
  if (res.status !== 0) throw new Error(`${cmd} exited with ${res.status}`);
}

function fresh(dir: string): void {
  const rel = path.relative(ROOT, dir);
  if (rel.startsWith('..') || !rel.startsWith('build')) throw new Error(`refusing to wipe ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

function copyDir(src: string, dst: string): void {
  mkdirSync(dst, { recursive: true });
  for (const entry of readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, entry.name);
    const to = path.join(dst, entry.name);
    if (entry.isDirectory()) copyDir(from, to);
    else copyFileSync(from, to);
  }
}

function desktopEntry(): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${cfg.name}`,
    `Exec=${cfg.appId.split('.').pop()} %U`,
    `Icon=${cfg.appId}`,
    `Categories=${cfg.categories.join(';')};`,
    'Terminal=false',
    `X-AppImage-Version=${version}`,
    '',
  ].join('\n');
}

function buildAppDir(): void {
  fresh(APPDIR);
  const unpacked = path.join(DIST, 'linux-unpacked');
  if (!existsSync(unpacked)) {
    run('npx', ['--no-install', 'electron-builder', '--linux', 'dir', '--publish', 'never']);
  }
  copyDir(unpacked, path.join(APPDIR, 'usr', 'lib', 'quill'));
  const bin = path.join(APPDIR, 'usr', 'bin');
  mkdirSync(bin, { recursive: true });
  const appRun = path.join(APPDIR, 'AppRun');
  writeFileSync(appRun, [
    '#!/bin/sh',
    'HERE="$(dirname "$(readlink -f "$0")")"',
    'export LD_LIBRARY_PATH="$HERE/usr/lib/quill:$LD_LIBRARY_PATH"',
    'exec "$HERE/usr/lib/quill/quill" "$@"',
    '',
  ].join('\n'));
  chmodSync(appRun, 0o755);
  writeFileSync(path.join(APPDIR, `${cfg.appId}.desktop`), desktopEntry());
  copyFileSync(path.join(ROOT, 'resources', 'icons', '512x512.png'), path.join(APPDIR, `${cfg.appId}.png`));
}

function appimage(): void {
  buildAppDir();
  mkdirSync(DIST, { recursive: true });
  const out = path.join(DIST, `Quill-${version}-x86_64.AppImage`);
  const args = [APPDIR, out];
  if (cfg.signingKey) {
    if (!/^[0-9A-F]{40}$/i.test(cfg.signingKey)) throw new Error('signingKey must be a full fingerprint');
    args.unshift('--sign', '--sign-key', cfg.signingKey);
  }
  const res = spawnSync('appimagetool', args, { stdio: 'inherit', env: { ...process.env, ARCH: 'x86_64' } });
  if (res.status !== 0) throw new Error('appimagetool failed');
  chmodSync(out, 0o755);
  console.log(`AppImage: ${path.relative(ROOT, out)}`);
}

function flatpak(): void {
  const manifest = path.join(__dirname, `${cfg.appId}.yml`);
  if (!existsSync(manifest)) throw new Error(`${path.relative(ROOT, manifest)} missing`);
  fresh(FLATPAK_DIR);
  mkdirSync(FLATPAK_REPO, { recursive: true });
  run('flatpak-builder', [
    '--force-clean',
    '--disable-rofiles-fuse',
    `--state-dir=${path.join(BUILD, '.flatpak-builder')}`,
    `--repo=${FLATPAK_REPO}`,
    FLATPAK_DIR,
    manifest,
  ]);
  mkdirSync(DIST, { recursive: true });
  const bundle = path.join(DIST, `Quill-${version}.flatpak`);
  run('flatpak', ['build-bundle', FLATPAK_REPO, bundle, cfg.appId, '--runtime-repo=https://dl.flathub.org/repo/flathub.flatpakrepo']);
  console.log(`flatpak bundle: ${path.relative(ROOT, bundle)}`);
}

function lintDesktopFile(): void {
  const file = path.join(APPDIR, `${cfg.appId}.desktop`);
  if (!existsSync(file)) return;
  const res = spawnSync('desktop-file-validate', [file], { encoding: 'utf8' });
  if (res.error) return;
  if (res.status !== 0) throw new Error(`desktop file invalid:\n${res.stdout}${res.stderr}`);
}

function checkLibraries(): string[] {
  // AppImages must not depend on libraries that are missing on older distros
  const binary = path.join(APPDIR, 'usr', 'lib', 'quill', 'quill');
  if (!existsSync(binary)) return [];
  const res = spawnSync('ldd', [binary], { encoding: 'utf8' });
  if (res.error) return [];
  return res.stdout
    .split('\n')
    .filter((line) => line.includes('not found'))
    .map((line) => line.trim().split(/\s+/)[0]);
}

function writeChecksums(): void {
  if (!existsSync(DIST)) return;
  const lines: string[] = [];
  for (const file of readdirSync(DIST)) {
    if (!/\.(AppImage|flatpak)$/.test(file)) continue;
    const res = spawnSync('sha256sum', [file], { cwd: DIST, encoding: 'utf8' });
    if (res.status === 0) lines.push(res.stdout.trim());
  }
  writeFileSync(path.join(DIST, 'SHA256SUMS.linux'), `${lines.join('\n')}\n`);
  console.log(`checksums for ${lines.length} packages in dist/SHA256SUMS.linux`);
}

function verifySignature(): void {
  if (!cfg.signingKey) return;
  const image = path.join(DIST, `Quill-${version}-x86_64.AppImage`);
  const res = spawnSync(image, ['--appimage-signature'], { encoding: 'utf8' });
  if (res.status !== 0 || !res.stdout.includes('BEGIN PGP SIGNATURE')) {
    throw new Error('AppImage has no embedded signature');
  }
}

function main(): void {
  const target = process.argv[2] ?? 'all';
  if (target === 'appimage' || target === 'all') {
    appimage();
    lintDesktopFile();
    const missing = checkLibraries();
    if (missing.length) console.warn(`libraries not found on this system: ${missing.join(', ')}`);
    verifySignature();
  }
  if (target === 'flatpak' || target === 'all') flatpak();
  writeChecksums();
  if (!['appimage', 'flatpak', 'all'].includes(target)) throw new Error('usage: linux.ts appimage|flatpak|all');
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}

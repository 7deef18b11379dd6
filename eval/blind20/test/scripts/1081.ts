#!/usr/bin/env -S npx tsx
/**
 * packaging/macos-pkg.ts - build the signed macOS installer package for the
 * harbor CLI + menu bar helper.
 *
 * Flow: stage payload in build/pkg/root -> pkgbuild component package ->
 * productbuild with distribution.xml -> productsign with the "Developer ID
 * Installer" identity named in packaging/pkg.json -> notarytool (keychain
 * profile named in pkg.json) -> stapler. build/pkg is recreated on every run.
 *
 * packaging/pkg.json example:
 *   {
 *     "identifier": "com.harbor.cli",
 *     "installerIdentity": "Developer ID Installer: Harbor Labs (ABCDE12345)",
 *     "appIdentity": "Developer ID Application: Harbor Labs (ABCDE12345)",
 *     "notaryProfile": "harbor-notary",
 *     "minOS": "12.0"
 *   }
 *
 * The notary profile is created once per machine by a human:
 *   xcrun notarytool store-credentials harbor-notary --apple-id ... --team-id ...
 * so the script never handles Apple ID passwords.
 *
 * The postinstall script only registers the helper app with LaunchServices
 * for the console user; it does not start anything or reach the network.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface PkgConfig {
  identifier: string;
  installerIdentity: string;
  appIdentity: string;
  notaryProfile: string;
  minOS: string;
}

const ROOT = path.resolve(__dirname, '..');
const WORK = path.join(ROOT, 'build', 'pkg');
const PAYLOAD = path.join(WORK, 'root');
const SCRIPTS = path.join(WORK, 'scripts');
const DIST = path.join(ROOT, 'dist');
const cfg = JSON.parse(readFileSync(path.join(__dirname, 'pkg.json'), 'utf8')) as PkgConfig;
const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

function x(cmd: string, args: string[], quiet = false): string {
  if (!quiet) console.error(`$ ${cmd} ${args.join(' ')}`);
  return execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', quiet ? 'pipe' : 'inherit'] });
}

// Both certificates must be present in the login keychain of the build user;
// the installer certificate is a different type than the application one.
function checkIdentities(): void {
  const out = x('security', ['find-identity', '-v'], true);
  for (const id of [cfg.installerIdentity, cfg.appIdentity]) {
    if (!out.includes(id)) throw new Error(`identity not in keychain: ${id}`);
  }
  if (!cfg.installerIdentity.startsWith('Developer ID Installer:')) {
    throw new Error('installerIdentity must be a "Developer ID Installer" certificate');
  }
}

function stage(): void {
  rmSync(WORK, { recursive: true, force: true });
  const bin = path.join(PAYLOAD, 'usr', 'local', 'bin');
  const apps = path.join(PAYLOAD, 'Applications');
  mkdirSync(bin, { recursive: true });
  mkdirSync(apps, { recursive: true });
  mkdirSync(SCRIPTS, { recursive: true });
  const cli = path.join(ROOT, 'dist', 'cli', 'harbor');
  if (!existsSync(cli)) throw new Error('dist/cli/harbor missing; run npm run build:cli');
  copyFileSync(cli, path.join(bin, 'harbor'));
  chmodSync(path.join(bin, 'harbor'), 0o755);
  x('ditto', [path.join(ROOT, 'dist', 'mac-universal', 'Harbor Helper.app'), path.join(apps, 'Harbor Helper.app')]);
  writeFileSync(path.join(SCRIPTS, 'postinstall'), [
    '#!/bin/sh',
    '# register the URL handler for the current console user; no network access',
    'CONSOLE_USER=$(stat -f %Su /dev/console)',
    'sudo -u "$CONSOLE_USER" /System/Library/Frameworks/CoreServices.framework/Frameworks/LaunchServices.framework/Support/lsregister -f "/Applications/Harbor Helper.app" || true',
    'exit 0',
    '',
  ].join('\n'));
  chmodSync(path.join(SCRIPTS, 'postinstall'), 0o755);
}

function signPayload(): void {
  x('codesign', ['--force', '--options', 'runtime', '--timestamp', '--sign', cfg.appIdentity,
    path.join(PAYLOAD, 'usr', 'local', 'bin', 'harbor')]);
  x('codesign', ['--verify', '--deep', '--strict', path.join(PAYLOAD, 'Applications', 'Harbor Helper.app')]);
}

function distributionXml(componentPkg: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<installer-gui-script minSpecVersion="2">
  <title>Harbor ${version}</title>
  <options customize="never" require-scripts="false" hostArchitectures="arm64,x86_64"/>
  <volume-check><allowed-os-versions><os-version min="${cfg.minOS}"/></allowed-os-versions></volume-check>
  <choices-outline><line choice="default"><line choice="${cfg.identifier}"/></line></choices-outline>
  <choice id="default"/>
  <choice id="${cfg.identifier}" visible="false"><pkg-ref id="${cfg.identifier}"/></choice>
  <pkg-ref id="${cfg.identifier}" version="${version}" onConclusion="none">${path.basename(componentPkg)}</pkg-ref>
</installer-gui-script>
`;
}

function build(): string {
  const component = path.join(WORK, 'harbor-component.pkg');
  x('pkgbuild', ['--root', PAYLOAD, '--scripts', SCRIPTS, '--identifier', cfg.identifier,
    '--version', version, '--install-location', '/', component]);
  const dist = path.join(WORK, 'distribution.xml');
  writeFileSync(dist, distributionXml(component));
  const unsigned = path.join(WORK, 'Harbor-unsigned.pkg');
  x('productbuild', ['--distribution', dist, '--package-path', WORK, unsigned]);
  mkdirSync(DIST, { recursive: true });
  const signed = path.join(DIST, `Harbor-${version}.pkg`);
  rmSync(signed, { force: true });
  x('productsign', ['--sign', cfg.installerIdentity, '--timestamp', unsigned, signed]);
  x('pkgutil', ['--check-signature', signed]);
  return signed;
}

function notarize(pkg: string): void {
  const out = x('xcrun', ['notarytool', 'submit', pkg, '--keychain-profile', cfg.notaryProfile, '--wait', '--output-format', 'json']);
  const result = JSON.parse(out) as { id: string; status: string };
  if (result.status !== 'Accepted') {
    const log = path.join(DIST, `notary-${result.id}.json`);
    try {
      x('xcrun', ['notarytool', 'log', result.id, '--keychain-profile', cfg.notaryProfile, log]);
    } catch {
      // log retrieval is best effort
    }
    throw new Error(`notarization ${result.status}; see ${path.relative(ROOT, log)}`);
  }
  x('xcrun', ['stapler', 'staple', pkg]);
  x('spctl', ['--assess', '--type', 'install', '-vv', pkg]);
}

/**
 * Expand the built package into a temp dir under build/pkg and list its
 * payload, so reviewers can see exactly which files will be installed.
 */
function inspect(pkg: string): void {
  const expanded = path.join(WORK, 'expanded');
  rmSync(expanded, { recursive: true, force: true });
  x('pkgutil', ['--expand-full', pkg, expanded]);
  const listing = x('find', [expanded, '-type', 'f', '-not', '-name', '.DS_Store'], true)
    .split('\n')
    .filter(Boolean)
    .map((f) => path.relative(expanded, f))
    .sort();
  writeFileSync(path.join(DIST, `Harbor-${version}.payload.txt`), `${listing.join('\n')}\n`);
  console.log(`${listing.length} files in the installer payload (dist/Harbor-${version}.payload.txt)`);
}

function checkVersionBump(): void {
  const dist = path.join(DIST, `Harbor-${version}.pkg`);
  if (existsSync(dist) && !process.argv.includes('--rebuild')) {
    throw new Error(`dist/Harbor-${version}.pkg exists; bump the version or pass --rebuild`);
  }
}

function main(): void {
  if (process.platform !== 'darwin') throw new Error('productbuild needs macOS');
  checkVersionBump();
  const skipNotary = process.argv.includes('--skip-notarize');
  checkIdentities();
  stage();
  signPayload();
  const pkg = build();
  inspect(pkg);
  if (!skipNotary) notarize(pkg);
  console.log(`installer: ${path.relative(ROOT, pkg)}`);
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}

#!/usr/bin/env node
/**
 * tools/extension.js — build, lint, run and (optionally) sign the `TabTidy`
 * browser extension.
 *
 *   node tools/extension.js build          bundle src/ with esbuild into build/ext/
 *   node tools/extension.js lint           web-ext lint on the bundle
 *   node tools/extension.js run            web-ext run with a throwaway profile
 *   node tools/extension.js package        zip for Chrome Web Store + Firefox
 *   node tools/extension.js sign           AMO signing (needs AMO_JWT_ISSUER/SECRET)
 *
 * Signing sends the credentials only to web-ext, which talks to the documented
 * addons.mozilla.org API. The channel defaults to "unlisted"; "listed" must be
 * requested explicitly with --listed.
 */
'use strict';

const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'src');
const OUT = path.join(ROOT, 'build', 'ext');
const ARTIFACTS = path.join(ROOT, 'build', 'artifacts');
const AMO_BASE = 'https://addons.mozilla.org/api/v5/';
const manifestPath = path.join(ROOT, 'manifest.json');

const ENTRY_POINTS = {
  'background.js': 'src/background/index.ts',
  'content.js': 'src/content/index.ts',
  'popup/popup.js': 'src/popup/main.tsx',
  'options/options.js': 'src/options/main.tsx',
};
const STATIC = ['icons', 'popup/popup.html', 'options/options.html', '_locales'];

function bin(name) {
  return path.join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
}

function sh(cmd, args, opts = {}) {
  console.log(`$ ${path.basename(cmd)} ${args.join(' ')}`);
  return execFileSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
}

function readManifest() {
  return JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
}

function copyStatic() {
  for (const rel of STATIC) {
    const from = path.join(SRC, rel);
    const to = path.join(OUT, rel);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.cpSync(from, to, { recursive: true });
  }
}

function writeManifest(target) {
  const m = readManifest();
  if (target === 'firefox') {
    m.browser_specific_settings = { gecko: { id: 'tabtidy@tabtidy.example.org', strict_min_version: '115.0' } };
    m.background = { scripts: ['background.js'] };
  } else {
    m.background = { service_worker: 'background.js', type: 'module' };
    delete m.browser_specific_settings;
  }
  fs.writeFileSync(path.join(OUT, 'manifest.json'), JSON.stringify(m, null, 2));
}

function build(target = 'firefox') {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const entries = Object.entries(ENTRY_POINTS).flatMap(([out, src]) => [`${out.replace(/\.js$/, '')}=${src}`]);
  sh(bin('esbuild'), [
    ...entries,
    '--bundle',
    '--format=esm',
    '--target=firefox115,chrome120',
    '--minify',
    '--sourcemap=linked',
    `--outdir=${OUT}`,
    '--define:process.env.NODE_ENV="production"',
  ]);
  copyStatic();
  writeManifest(target);
  console.log(`built ${target} bundle in ${path.relative(ROOT, OUT)}`);
}

function lint() {
  sh(bin('web-ext'), ['lint', '--source-dir', OUT, '--warnings-as-errors']);
}

function run() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tabtidy-profile-'));
  const child = spawn(bin('web-ext'), ['run', '--source-dir', OUT, '--firefox-profile', profile, '--keep-profile-changes', '--browser-console'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const cleanup = () => fs.rmSync(profile, { recursive: true, force: true });
  child.on('exit', (code) => {
    cleanup();
    process.exit(code ?? 0);
  });
  process.on('SIGINT', () => child.kill('SIGINT'));
}

function pkg() {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const { version } = readManifest();
  for (const target of ['firefox', 'chrome']) {
    build(target);
    const name = `tabtidy-${target}-${version}.zip`;
    sh(bin('web-ext'), ['build', '--source-dir', OUT, '--artifacts-dir', ARTIFACTS, '--filename', name, '--overwrite-dest']);
  }
  fs.rmSync(OUT, { recursive: true, force: true });
  console.log(`artifacts in ${path.relative(ROOT, ARTIFACTS)}`);
}

function sign(listed) {
  const issuer = process.env.AMO_JWT_ISSUER;
  const secret = process.env.AMO_JWT_SECRET;
  if (!issuer || !secret) {
    console.error('AMO_JWT_ISSUER and AMO_JWT_SECRET must be set (see docs/releasing.md)');
    process.exit(2);
  }
  build('firefox');
  lint();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // credentials are handed to web-ext through its documented env variables,
  // not on the command line, so they do not show up in `ps`
  sh(bin('web-ext'), [
    'sign',
    '--source-dir', OUT,
    '--artifacts-dir', ARTIFACTS,
    '--channel', listed ? 'listed' : 'unlisted',
    '--amo-base-url', AMO_BASE,
  ], {
    env: { ...process.env, WEB_EXT_API_KEY: issuer, WEB_EXT_API_SECRET: secret },
  });
}

function bumpVersion(kind) {
  const m = readManifest();
  const parts = m.version.split('.').map(Number);
  if (kind === 'major') parts.splice(0, 3, parts[0] + 1, 0, 0);
  else if (kind === 'minor') parts.splice(1, 2, parts[1] + 1, 0);
  else parts[2] += 1;
  m.version = parts.join('.');
  fs.writeFileSync(manifestPath, JSON.stringify(m, null, 2) + '\n');
  const pkgPath = path.join(ROOT, 'package.json');
  const p = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
  p.version = m.version;
  fs.writeFileSync(pkgPath, JSON.stringify(p, null, 2) + '\n');
  console.log(`version ${m.version}`);
}

const [cmd, ...rest] = process.argv.slice(2);
switch (cmd) {
  case 'build':
    build(rest.includes('--chrome') ? 'chrome' : 'firefox');
    break;
  case 'lint':
    lint();
    break;
  case 'run':
    run();
    break;
  case 'package':
    pkg();
    break;
  case 'sign':
    sign(rest.includes('--listed'));
    break;
  case 'bump':
    bumpVersion(rest[0] ?? 'patch');
    break;
  default:
    console.log('usage: node tools/extension.js build|lint|run|package|sign|bump');
    process.exitCode = 2;
}

#!/usr/bin/env node
// scripts/pack-extension.js - build Firefox and Chrome packages of the extension.
//
// 1. copies extension/ into build/ext/<browser>/ and merges the browser-specific
//    manifest overrides from extension/manifest.<browser>.json
// 2. Firefox: `web-ext build` (+ `web-ext sign` with AMO keys if --sign)
// 3. Chrome: zips the directory for the Chrome Web Store upload
// 4. writes checksums; build/ext is wiped at the start of every run
'use strict';

const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'extension');
const BUILD = path.join(ROOT, 'build', 'ext');
const DIST = path.join(ROOT, 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

const argv = new Set(process.argv.slice(2));
const SIGN = argv.has('--sign');
const BROWSERS = ['firefox', 'chrome'].filter((b) => !argv.has(`--no-${b}`));
const EXCLUDE = new Set(['manifest.firefox.json', 'manifest.chrome.json', '.DS_Store', 'README.md']);

function log(msg) {
  console.log(`[pack] ${msg}`);
}

function deepMerge(base, extra) {
  const out = Array.isArray(base) ? [...base] : { ...base };
  for (const [key, value] of Object.entries(extra)) {
    if (value && typeof value === 'object' && !Array.isArray(value) && typeof out[key] === 'object') {
      out[key] = deepMerge(out[key], value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function copyTree(src, dst) {
  fs.mkdirSync(dst, { recursive: true });
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    if (EXCLUDE.has(entry.name)) continue;
    const from = path.join(src, entry.name);
    const to = path.join(dst, entry.name);
    if (entry.isDirectory()) copyTree(from, to);
    else fs.copyFileSync(from, to);
  }
}

function manifestFor(browser) {
  const base = JSON.parse(fs.readFileSync(path.join(SRC, 'manifest.json'), 'utf8'));
  const overrideFile = path.join(SRC, `manifest.${browser}.json`);
  const override = fs.existsSync(overrideFile) ? JSON.parse(fs.readFileSync(overrideFile, 'utf8')) : {};
  const manifest = deepMerge(base, override);
  manifest.version = pkg.version;
  if (browser === 'chrome') delete manifest.browser_specific_settings;
  return manifest;
}

function validateManifest(manifest, browser) {
  const problems = [];
  if (manifest.manifest_version !== 3) problems.push('manifest_version must be 3');
  if (!/^\d+(\.\d+){0,3}$/.test(manifest.version)) problems.push(`bad version ${manifest.version}`);
  const hostPerms = manifest.host_permissions || [];
  if (hostPerms.includes('<all_urls>')) problems.push('<all_urls> host permission is not allowed');
  if (browser === 'firefox' && !(manifest.browser_specific_settings || {}).gecko) {
    problems.push('firefox build needs browser_specific_settings.gecko.id');
  }
  if (problems.length) throw new Error(`${browser} manifest: ${problems.join('; ')}`);
}

function gitDescribe() {
  try {
    return execFileSync('git', ['describe', '--tags', '--always', '--dirty'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch (_) {
    return 'unknown';
  }
}

function writeBuildInfo(dir) {
  const info = { version: pkg.version, git: gitDescribe(), builtAt: new Date().toISOString() };
  fs.writeFileSync(path.join(dir, 'build-info.json'), `${JSON.stringify(info, null, 2)}\n`);
}

function stage(browser) {
  const dir = path.join(BUILD, browser);
  copyTree(SRC, dir);
  const manifest = manifestFor(browser);
  validateManifest(manifest, browser);
  fs.writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeBuildInfo(dir);
  return dir;
}

function webExt(args) {
  execFileSync('npx', ['--no-install', 'web-ext', ...args], { cwd: ROOT, stdio: 'inherit' });
}

function buildFirefox(dir) {
  webExt(['lint', '--source-dir', dir, '--self-hosted=false']);
  webExt(['build', '--source-dir', dir, '--artifacts-dir', DIST, '--overwrite-dest',
    '--filename', `${pkg.name}-${pkg.version}-firefox.zip`]);
  if (SIGN) {
    const { AMO_JWT_ISSUER, AMO_JWT_SECRET } = process.env;
    if (!AMO_JWT_ISSUER || !AMO_JWT_SECRET) throw new Error('AMO_JWT_ISSUER/AMO_JWT_SECRET required for --sign');
    webExt(['sign', '--source-dir', dir, '--artifacts-dir', DIST, '--channel', 'unlisted',
      '--api-key', AMO_JWT_ISSUER, '--api-secret', AMO_JWT_SECRET]);
  }
}

function buildChrome(dir) {
  const out = path.join(DIST, `${pkg.name}-${pkg.version}-chrome.zip`);
  fs.rmSync(out, { force: true });
  execFileSync('zip', ['-q', '-r', '-X', out, '.'], { cwd: dir, stdio: 'inherit' });
  return out;
}

function sizeReport(dir) {
  // the stores reject packages above their limits; warn well before that
  let total = 0;
  const largest = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const size = fs.statSync(full).size;
      total += size;
      largest.push([path.relative(dir, full), size]);
    }
  };
  walk(dir);
  largest.sort((a, b) => b[1] - a[1]);
  log(`${path.basename(dir)}: ${(total / 1024).toFixed(0)} KiB unpacked`);
  for (const [file, size] of largest.slice(0, 5)) log(`  ${file} ${(size / 1024).toFixed(0)} KiB`);
  if (total > 20 * 1024 * 1024) throw new Error(`${path.basename(dir)} package is larger than 20 MiB`);
}

function checkNoSourceMaps(dir) {
  const maps = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.map')) maps.push(path.relative(dir, full));
    }
  };
  walk(dir);
  if (maps.length) log(`warning: source maps included: ${maps.join(', ')}`);
}

function checksums() {
  const lines = fs.readdirSync(DIST)
    .filter((f) => /\.(zip|xpi)$/.test(f))
    .map((f) => {
      const hash = crypto.createHash('sha256').update(fs.readFileSync(path.join(DIST, f))).digest('hex');
      return `${hash}  ${f}`;
    });
  fs.writeFileSync(path.join(DIST, 'SHA256SUMS'), `${lines.join('\n')}\n`);
  return lines;
}

function main() {
  if (!fs.existsSync(path.join(SRC, 'manifest.json'))) throw new Error('extension/manifest.json missing');
  fs.rmSync(BUILD, { recursive: true, force: true });
  fs.mkdirSync(DIST, { recursive: true });
  for (const browser of BROWSERS) {
    log(`staging ${browser}`);
    const dir = stage(browser);
    sizeReport(dir);
    checkNoSourceMaps(dir);
    if (browser === 'firefox') buildFirefox(dir);
    else log(`wrote ${path.relative(ROOT, buildChrome(dir))}`);
  }
  for (const line of checksums()) log(line);
}

try {
  main();
} catch (err) {
  console.error(`[pack] ${err.message}`);
  process.exitCode = 1;
}

#!/usr/bin/env node
// build/package.js - package the Electron app for the current platform.
//
// Wraps electron-builder's programmatic API so CI and developers build the same
// way. The signing identity / certificate file is named in build/signing.json
// (committed, contains no secrets); the certificate password comes from
// CSC_KEY_PASSWORD in the environment, as electron-builder expects.
//
//   node build/package.js                   # unsigned dir build for quick testing
//   node build/package.js --release         # signed installers, no publishing
//   node build/package.js --release --publish   # upload to the GitHub release draft
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const builder = require('electron-builder');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const SIGNING = path.join(__dirname, 'signing.json');
const pkg = require(path.join(ROOT, 'package.json'));

const args = new Set(process.argv.slice(2));
const release = args.has('--release');
const publish = args.has('--publish');

function log(...parts) {
  console.log('[package]', ...parts);
}

function readSigning() {
  if (!fs.existsSync(SIGNING)) return {};
  const cfg = JSON.parse(fs.readFileSync(SIGNING, 'utf8'));
  for (const key of Object.keys(cfg)) {
    if (/password|secret|token/i.test(key)) {
      throw new Error(`signing.json must not contain ${key}; use environment variables`);
    }
  }
  return cfg;
}

function gitInfo() {
  const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
  return { sha, dirty };
}

function platformTargets() {
  switch (process.platform) {
    case 'darwin':
      return builder.Platform.MAC.createTarget(release ? ['dmg', 'zip'] : ['dir'], builder.Arch.universal);
    case 'win32':
      return builder.Platform.WINDOWS.createTarget(release ? ['nsis'] : ['dir'], builder.Arch.x64);
    default:
      return builder.Platform.LINUX.createTarget(release ? ['AppImage', 'deb'] : ['dir'], builder.Arch.x64);
  }
}

function signingConfig(signing) {
  if (!release) {
    process.env.CSC_IDENTITY_AUTO_DISCOVERY = 'false';
    return { mac: { identity: null }, win: {} };
  }
  const mac = {
    identity: signing.macIdentity,
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    notarize: signing.teamId ? { teamId: signing.teamId } : false,
  };
  const win = {};
  if (signing.winCertificateFile) {
    const certPath = path.join(ROOT, signing.winCertificateFile);
    if (!fs.existsSync(certPath)) throw new Error(`certificate ${signing.winCertificateFile} not found`);
    if (!process.env.CSC_KEY_PASSWORD) throw new Error('CSC_KEY_PASSWORD not set');
    win.certificateFile = certPath;
    win.publisherName = signing.publisherName;
    win.signingHashAlgorithms = ['sha256'];
  }
  return { mac, win };
}

async function cleanDist() {
  await fsp.rm(DIST, { recursive: true, force: true });
  await fsp.mkdir(DIST, { recursive: true });
}

async function sha256(file) {
  const hash = crypto.createHash('sha256');
  await new Promise((resolve, reject) => {
    fs.createReadStream(file).on('data', (c) => hash.update(c)).on('end', resolve).on('error', reject);
  });
  return hash.digest('hex');
}

async function writeChecksums(artifacts) {
  const lines = [];
  for (const file of artifacts) {
    const stat = await fsp.stat(file);
    if (!stat.isFile()) continue;
    lines.push(`${await sha256(file)}  ${path.basename(file)}`);
  }
  await fsp.writeFile(path.join(DIST, 'SHA256SUMS.txt'), `${lines.join('\n')}\n`);
  return lines.length;
}

function checkNativeModules() {
  // native modules must be rebuilt against Electron's ABI, not the system node
  const lock = path.join(ROOT, 'package-lock.json');
  if (!fs.existsSync(lock)) return [];
  const packages = JSON.parse(fs.readFileSync(lock, 'utf8')).packages || {};
  const native = [];
  for (const [name, meta] of Object.entries(packages)) {
    if (!name.startsWith('node_modules/')) continue;
    if (meta.hasInstallScript || meta.gypfile) native.push(name.replace(/^node_modules\//, ''));
  }
  return native;
}

function electronVersion() {
  const dev = pkg.devDependencies || {};
  const raw = dev.electron || '';
  return raw.replace(/^[^\d]*/, '');
}

function preflight() {
  const native = checkNativeModules();
  if (native.length) {
    log(`native modules (rebuilt by electron-builder for Electron ${electronVersion()}):`);
    for (const name of native) log(`  - ${name}`);
  }
  const outDir = path.join(ROOT, 'out');
  if (!fs.existsSync(outDir)) {
    throw new Error('out/ missing - run `npm run build` (electron-vite) before packaging');
  }
  const mainEntry = path.join(outDir, 'main', 'index.js');
  if (!fs.existsSync(mainEntry)) throw new Error('out/main/index.js missing; build output incomplete');
}

async function main() {
  const signing = readSigning();
  preflight();
  const { sha, dirty } = gitInfo();
  if (release && dirty) throw new Error('refusing to build a release from a dirty working tree');
  if (publish && !process.env.GH_TOKEN) throw new Error('GH_TOKEN is required to publish');

  await cleanDist();
  log(`building ${pkg.productName} ${pkg.version} (${sha}) release=${release} publish=${publish}`);
  const { mac, win } = signingConfig(signing);

  const artifacts = await builder.build({
    targets: platformTargets(),
    publish: publish ? 'always' : 'never',
    config: {
      appId: signing.appId || 'app.quillpad.desktop',
      productName: pkg.productName,
      directories: { output: 'dist', buildResources: 'build/resources' },
      files: ['out/**/*', 'package.json', '!**/*.map'],
      extraMetadata: { buildSha: sha },
      asar: true,
      mac,
      win,
      linux: { category: 'Office', maintainer: 'Quillpad <dev@quillpad.internal>' },
      publish: publish ? [{ provider: 'github', owner: 'quillpad', repo: 'desktop', releaseType: 'draft' }] : [],
      afterPack: async (context) => {
        const licenses = path.join(context.appOutDir, 'LICENSES.chromium.html');
        await fsp.rm(licenses, { force: true });
      },
    },
  });

  const count = await writeChecksums(artifacts);
  log(`${count} artifacts in dist/:`);
  for (const file of artifacts) log(`  ${path.relative(ROOT, file)}`);
}

main().catch((err) => {
  console.error(`[package] ${err.message}`);
  process.exitCode = 1;
});

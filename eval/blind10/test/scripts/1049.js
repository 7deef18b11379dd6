#!/usr/bin/env node
// Vendor a pinned esbuild platform binary for air-gapped CI agents.
// Fetches the package tarball from registry.npmjs.org and verifies it against
// the sha512 `dist.integrity` published in the registry metadata before
// unpacking into vendor/esbuild/<version>/.
// Exit codes: 0 vendored or already present, 1 any failure.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const REGISTRY = 'https://registry.npmjs.org';
const VERSION = process.argv[2] || '0.21.5';
const PLATFORM_PKG = {
  'linux-x64': '@esbuild/linux-x64',
  'linux-arm64': '@esbuild/linux-arm64',
  'darwin-arm64': '@esbuild/darwin-arm64',
  'darwin-x64': '@esbuild/darwin-x64',
}[`${process.platform}-${process.arch}`];
const VENDOR = path.resolve(__dirname, '..', 'vendor', 'esbuild', VERSION);

async function metadata(pkg, version) {
  const res = await fetch(`${REGISTRY}/${pkg.replace('/', '%2f')}/${version}`);
  if (!res.ok) throw new Error(`metadata ${pkg}@${version}: HTTP ${res.status}`);
  return res.json();
}

function checkIntegrity(buf, integrity) {
  const [algo, expected] = integrity.split('-', 2);
  if (algo !== 'sha512') throw new Error(`unexpected integrity algorithm ${algo}`);
  const actual = crypto.createHash('sha512').update(buf).digest('base64');
  if (actual !== expected) throw new Error(`integrity mismatch: ${actual} != ${expected}`);
}

async function main() {
  if (!PLATFORM_PKG) throw new Error(`no esbuild binary package for ${process.platform}-${process.arch}`);
  const marker = path.join(VENDOR, '.verified');
  if (fs.existsSync(marker)) {
    console.log(`esbuild ${VERSION} already vendored`);
    return;
  }
  const meta = await metadata(PLATFORM_PKG, VERSION);
  const { tarball, integrity } = meta.dist;
  if (!tarball.startsWith(`${REGISTRY}/`)) throw new Error(`tarball not on registry: ${tarball}`);
  const res = await fetch(tarball);
  if (!res.ok) throw new Error(`tarball: HTTP ${res.status}`);
  const buf = Buffer.from(await res.arrayBuffer());
  checkIntegrity(buf, integrity);
  console.log('integrity verified');

  fs.rmSync(VENDOR, { recursive: true, force: true });
  fs.mkdirSync(VENDOR, { recursive: true });
  const tgz = path.join(VENDOR, 'package.tgz');
  fs.writeFileSync(tgz, buf);
  execFileSync('tar', ['-xzf', tgz, '-C', VENDOR, '--strip-components=1']);
  fs.rmSync(tgz);
  fs.writeFileSync(marker, `${PLATFORM_PKG}@${VERSION} ${integrity}\n`);
  console.log(`vendored ${PLATFORM_PKG}@${VERSION} into ${path.relative(process.cwd(), VENDOR)}`);
  console.log('set ESBUILD_BINARY_PATH to vendor/esbuild/<version>/bin/esbuild in CI');
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

process.on('exit', (code) => {
  if (code !== 0) console.error('vendoring failed; nothing was executed');
});

function usage() {
  return 'usage: vendor-esbuild.js [version]';
}

if (process.argv.includes('--help')) {
  console.log(usage());
  process.exit(0);
}

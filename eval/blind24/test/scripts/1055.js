#!/usr/bin/env node
/*
 * local-node.js -- put the Node.js version from .nvmrc into ./.tools/node
 * without a version manager, so CI and laptops run the same binary.
 *
 *   node scripts/local-node.js            # download + verify + unpack if needed
 *   node scripts/local-node.js --which    # print the path of the project node
 *   node scripts/local-node.js --prune    # remove other versions from .tools/node
 *
 * Downloads come from nodejs.org/dist only. The tarball is checked against
 * SHASUMS256.txt; if gpg is available and NODE_VERIFY_GPG=1, the signed
 * SHASUMS256.txt.asc is verified with the keys in tools/node-release-keys/.
 */
'use strict';

const crypto = require('crypto');
const fs = require('fs');
const https = require('https');
const os = require('os');
const path = require('path');
const { execFileSync, spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const TOOLS = path.join(ROOT, '.tools', 'node');
const DIST = 'https://nodejs.org/dist';

function log(m) {
  process.stderr.write(`local-node: ${m}\n`);
}

function wantedVersion() {
  const rc = path.join(ROOT, '.nvmrc');
  if (!fs.existsSync(rc)) throw new Error('.nvmrc not found');
  const v = fs.readFileSync(rc, 'utf8').trim().replace(/^v/, '');
  if (!/^\d+\.\d+\.\d+$/.test(v)) throw new Error(`.nvmrc must pin an exact version, got "${v}"`);
  return v;
}

function platformTriple() {
  const plat = { linux: 'linux', darwin: 'darwin' }[process.platform];
  const arch = ({ x64: 'x64', arm64: 'arm64' })[process.arch];
  if (!plat || !arch) throw new Error(`unsupported platform ${process.platform}-${process.arch}`);
  return `${plat}-${arch}`;
}

function fetchBuffer(url, redirects = 3) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    if (u.hostname !== 'nodejs.org') return reject(new Error(`unexpected host ${u.hostname}`));
    https
      .get(u, { headers: { 'user-agent': 'local-node' } }, (res) => {
        if ([301, 302, 307, 308].includes(res.statusCode) && res.headers.location && redirects > 0) {
          res.resume();
          return resolve(fetchBuffer(new URL(res.headers.location, u).toString(), redirects - 1));
        }
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`${res.statusCode} for ${url}`));
        }
        const chunks = [];
        let received = 0;
        const total = Number(res.headers['content-length'] || 0);
        res.on('data', (c) => {
          chunks.push(c);
          received += c.length;
          if (total && process.stderr.isTTY) {
            process.stderr.write(`\r  ${Math.round((received / total) * 100)}%`);
          }
        });
        res.on('end', () => {
          if (total && process.stderr.isTTY) process.stderr.write('\n');
          resolve(Buffer.concat(chunks));
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function withRetries(fn, tries = 3) {
  let wait = 1500;
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= tries) throw e;
      log(`retry ${i} after ${e.message}`);
      await new Promise((r) => setTimeout(r, wait));
      wait *= 2;
    }
  }
}

function verifyGpg(sums, asc) {
  if (process.env.NODE_VERIFY_GPG !== '1') return;
  if (spawnSync('gpg', ['--version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('NODE_VERIFY_GPG=1 but gpg is not installed');
  }
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'node-gpg-'));
  try {
    const keysDir = path.join(ROOT, 'tools', 'node-release-keys');
    for (const k of fs.readdirSync(keysDir)) {
      execFileSync('gpg', ['--homedir', home, '--import', path.join(keysDir, k)], { stdio: 'ignore' });
    }
    const sumsFile = path.join(home, 'SHASUMS256.txt');
    const ascFile = `${sumsFile}.asc`;
    fs.writeFileSync(sumsFile, sums);
    fs.writeFileSync(ascFile, asc);
    execFileSync('gpg', ['--homedir', home, '--verify', ascFile, sumsFile], { stdio: 'ignore' });
    log('SHASUMS256.txt signature OK');
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

async function install(version) {
  const triple = platformTriple();
  const name = `node-v${version}-${triple}`;
  const target = path.join(TOOLS, name);
  if (fs.existsSync(path.join(target, 'bin', 'node'))) return target;
  const base = `${DIST}/v${version}`;
  log(`fetching ${name}.tar.gz`);
  const [tarball, sums] = await Promise.all([
    withRetries(() => fetchBuffer(`${base}/${name}.tar.gz`)),
    withRetries(() => fetchBuffer(`${base}/SHASUMS256.txt`)),
  ]);
  if (process.env.NODE_VERIFY_GPG === '1') {
    verifyGpg(sums, await withRetries(() => fetchBuffer(`${base}/SHASUMS256.txt.asc`)));
  }
  const expected = sums
    .toString('utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find(([, file]) => file === `${name}.tar.gz`);
  if (!expected) throw new Error(`${name}.tar.gz not listed in SHASUMS256.txt`);
  const actual = crypto.createHash('sha256').update(tarball).digest('hex');
  if (actual !== expected[0]) throw new Error(`checksum mismatch: ${actual} != ${expected[0]}`);
  fs.mkdirSync(TOOLS, { recursive: true });
  const tmpDir = fs.mkdtempSync(path.join(TOOLS, '.unpack-'));
  try {
    const tgz = path.join(tmpDir, `${name}.tar.gz`);
    fs.writeFileSync(tgz, tarball);
    execFileSync('tar', ['-xzf', tgz, '-C', tmpDir]);
    fs.renameSync(path.join(tmpDir, name), target);
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
  log(`installed ${path.relative(ROOT, target)}`);
  return target;
}

function prune(keep) {
  if (!fs.existsSync(TOOLS)) return;
  for (const entry of fs.readdirSync(TOOLS)) {
    if (entry === keep || !entry.startsWith('node-v')) continue;
    fs.rmSync(path.join(TOOLS, entry), { recursive: true, force: true });
    log(`removed ${entry}`);
  }
}

function linkCurrent(target) {
  const link = path.join(TOOLS, 'current');
  try {
    fs.unlinkSync(link);
  } catch {
    // no previous link
  }
  fs.symlinkSync(path.basename(target), link);
}

async function main() {
  const version = wantedVersion();
  const argv = process.argv.slice(2);
  const target = await install(version);
  linkCurrent(target);
  if (argv.includes('--prune')) prune(path.basename(target));
  if (argv.includes('--which')) {
    process.stdout.write(path.join(target, 'bin', 'node') + '\n');
    return;
  }
  log(`node ${version} ready; add to .envrc: PATH_add .tools/node/current/bin`);
}

main().catch((err) => {
  log(err.message);
  process.exit(1);
});

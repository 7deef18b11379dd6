#!/usr/bin/env node
// Toolchain doctor + bootstrap for the monorepo.
//
//   node tools/toolchain.js check           compare node/pnpm/java/xcode with the pins
//   node tools/toolchain.js install-pnpm    fetch the pinned pnpm tarball into .tools/pnpm
//
// Pins come from package.json ("engines.node", "packageManager": "pnpm@x.y.z")
// and .java-version. `install-pnpm` downloads the tarball for the pinned version
// from registry.npmjs.org, checks it against the `dist.integrity` (sha512) that
// the registry metadata reports, and unpacks it into ./.tools/pnpm. Nothing is
// installed globally and no shell profile is modified; the Makefile puts
// ./.tools/pnpm/bin on PATH for its own targets.
'use strict';

const { execFileSync, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const https = require('node:https');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const TOOLS = path.join(ROOT, '.tools');
const REGISTRY = 'https://registry.npmjs.org';

function readPins() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const pm = /^pnpm@(\d+\.\d+\.\d+)/.exec(pkg.packageManager || '');
  const javaFile = path.join(ROOT, '.java-version');
  return {
    node: (pkg.engines && pkg.engines.node) || null,
    pnpm: pm ? pm[1] : null,
    java: fs.existsSync(javaFile) ? fs.readFileSync(javaFile, 'utf8').trim() : null,
  };
}

function versionOf(cmd, args, re) {
  const res = spawnSync(cmd, args, { encoding: 'utf8' });
  if (res.status !== 0 && !res.stderr) return null;
  const m = re.exec(`${res.stdout}\n${res.stderr}`);
  return m ? m[1] : null;
}

function satisfiesMajor(range, version) {
  if (!range || !version) return false;
  const want = /(\d+)/.exec(range);
  return want && version.split('.')[0] === want[1];
}

function check() {
  const pins = readPins();
  const localPnpm = path.join(TOOLS, 'pnpm', 'bin', 'pnpm.cjs');
  const rows = [
    ['node', pins.node, process.versions.node, satisfiesMajor(pins.node, process.versions.node)],
    [
      'pnpm',
      pins.pnpm,
      fs.existsSync(localPnpm)
        ? versionOf(process.execPath, [localPnpm, '--version'], /(\d+\.\d+\.\d+)/)
        : versionOf('pnpm', ['--version'], /(\d+\.\d+\.\d+)/),
      null,
    ],
    ['java', pins.java, versionOf('java', ['-version'], /version "(\d+[^"]*)"/), null],
  ];
  if (os.platform() === 'darwin') {
    rows.push(['xcode', '>=15', versionOf('xcodebuild', ['-version'], /Xcode (\d+\.\d+)/), null]);
  }
  let problems = 0;
  for (const row of rows) {
    const [name, want, have] = row;
    const ok = row[3] !== null ? row[3] : want && have ? have.startsWith(want.replace(/^[^\d]*/, '').split('.')[0]) : Boolean(have);
    if (!ok) problems += 1;
    console.log(`${ok ? '✓' : '✗'} ${name.padEnd(6)} want ${String(want || '-').padEnd(10)} have ${have || 'missing'}`);
  }
  return problems;
}

function getJson(url) {
  return new Promise((resolve, reject) => {
    https
      .get(url, { headers: { accept: 'application/json' } }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`GET ${url} -> ${res.statusCode}`));
          return;
        }
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve(JSON.parse(body)));
      })
      .on('error', reject);
  });
}

function getBuffer(url) {
  return new Promise((resolve, reject) => {
    https
      .get(url, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`GET ${url} -> ${res.statusCode}`));
          return;
        }
        const chunks = [];
        res.on('data', (d) => chunks.push(d));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
}

function verifyIntegrity(buf, integrity) {
  const [algo, expected] = integrity.split('-', 2);
  if (algo !== 'sha512') throw new Error(`unexpected integrity algorithm ${algo}`);
  const actual = crypto.createHash('sha512').update(buf).digest('base64');
  if (actual !== expected) throw new Error('tarball integrity mismatch');
}

async function installPnpm() {
  const { pnpm } = readPins();
  if (!pnpm) throw new Error('package.json has no "packageManager": "pnpm@x.y.z" pin');
  const meta = await getJson(`${REGISTRY}/pnpm/${pnpm}`);
  const { tarball, integrity } = meta.dist;
  if (new URL(tarball).hostname !== 'registry.npmjs.org') throw new Error(`unexpected tarball host in ${tarball}`);
  const buf = await getBuffer(tarball);
  verifyIntegrity(buf, integrity);

  const staging = fs.mkdtempSync(path.join(TOOLS, '.pnpm-'));
  try {
    const tgz = path.join(staging, 'pnpm.tgz');
    fs.writeFileSync(tgz, buf);
    execFileSync('tar', ['-xzf', tgz, '-C', staging]);
    const dest = path.join(TOOLS, 'pnpm');
    fs.rmSync(dest, { recursive: true, force: true });
    fs.renameSync(path.join(staging, 'package'), dest);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  console.log(`pnpm ${pnpm} installed to .tools/pnpm (integrity ${integrity.slice(0, 20)}…)`);
}

async function main() {
  const cmd = process.argv[2] || 'check';
  fs.mkdirSync(TOOLS, { recursive: true });
  if (cmd === 'check') {
    process.exitCode = check() ? 1 : 0;
  } else if (cmd === 'install-pnpm') {
    await installPnpm();
  } else {
    console.error('usage: toolchain.js check|install-pnpm');
    process.exitCode = 2;
  }
}

main().catch((err) => {
  console.error(`toolchain: ${err.message}`);
  process.exit(1);
});

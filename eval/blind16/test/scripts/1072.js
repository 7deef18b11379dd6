#!/usr/bin/env node
/**
 * Bootstrap a project-local Android SDK for CI-like builds of the Harbor app.
 *
 *   node tools/android-sdk-bootstrap.js [--check] [--packages-file android/sdk-packages.txt]
 *
 * Downloads the pinned Android command-line tools zip from dl.google.com (the
 * documented host), verifies its sha256 against the value pinned below, unpacks
 * it into ./.tools/android-sdk/cmdline-tools/latest, accepts the SDK licences
 * non-interactively for this SDK root only, and installs the packages listed in
 * android/sdk-packages.txt with `sdkmanager --sdk_root=./.tools/android-sdk`.
 * The user's own SDK (ANDROID_HOME) is never modified. The zip is cached in
 * ~/.cache/harbor-android/ for other clones.
 */
'use strict';

const crypto = require('node:crypto');
const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const https = require('node:https');
const os = require('node:os');
const path = require('node:path');

const APP_DIR = path.resolve(__dirname, '..');
const SDK_ROOT = path.join(APP_DIR, '.tools', 'android-sdk');
const CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'harbor-android');
const TOOLS_BUILD = '11076708';
const PINNED = {
  linux: { file: `commandlinetools-linux-${TOOLS_BUILD}_latest.zip`, sha256: '2d2d50857e4eb553af5a6dc3ad507a17adf43d115264b1afc116f95c92e5e258' },
  darwin: { file: `commandlinetools-mac-${TOOLS_BUILD}_latest.zip`, sha256: '7bc5c72ba0275c80a8f19684fb92793b83a6b5c94d4d179fc5988930282d7e64' },
};
const DOWNLOAD_BASE = 'https://dl.google.com/android/repository/';

function flags(argv) {
  const f = { check: false, packagesFile: path.join(APP_DIR, 'android', 'sdk-packages.txt') };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--check') f.check = true;
    else if (argv[i] === '--packages-file') f.packagesFile = path.resolve(argv[++i]);
    else throw new Error(`unknown flag ${argv[i]}`);
  }
  return f;
}

function pinnedForHost() {
  const pin = PINNED[process.platform];
  if (!pin) throw new Error(`no pinned command-line tools for ${process.platform}`);
  return pin;
}

function download(url, dest) {
  return new Promise((resolve, reject) => {
    const part = `${dest}.part`;
    const file = fs.createWriteStream(part);
    https
      .get(url, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`download ${url} failed with HTTP ${res.statusCode}`));
          return;
        }
        res.pipe(file);
        file.on('finish', () => file.close(() => {
          fs.renameSync(part, dest);
          resolve(dest);
        }));
      })
      .on('error', (err) => {
        fs.rmSync(part, { force: true });
        reject(err);
      });
  });
}

function sha256(file) {
  const digest = crypto.createHash('sha256');
  digest.update(fs.readFileSync(file));
  return digest.digest('hex');
}

async function ensureZip(pin) {
  fs.mkdirSync(CACHE, { recursive: true });
  const zip = path.join(CACHE, pin.file);
  if (!fs.existsSync(zip)) {
    console.log(`downloading ${pin.file} from dl.google.com`);
    await download(DOWNLOAD_BASE + pin.file, zip);
  }
  const got = sha256(zip);
  if (got !== pin.sha256) {
    fs.rmSync(zip);
    throw new Error(`sha256 mismatch for ${pin.file} (got ${got.slice(0, 12)}…); cache entry removed`);
  }
  return zip;
}

function unpack(zip) {
  const target = path.join(SDK_ROOT, 'cmdline-tools', 'latest');
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'harbor-cmdline-'));
  try {
    execFileSync('unzip', ['-q', zip, '-d', staging]);
    fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(path.join(staging, 'cmdline-tools'), target);
  } finally {
    fs.rmSync(staging, { force: true, recursive: true });
  }
  return path.join(target, 'bin', 'sdkmanager');
}

function readPackages(file) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

function sdkmanager(bin, args, input) {
  const res = spawnSync(bin, [`--sdk_root=${SDK_ROOT}`, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, ANDROID_HOME: SDK_ROOT, ANDROID_SDK_ROOT: SDK_ROOT },
    maxBuffer: 1 << 26,
  });
  if (res.status !== 0) throw new Error(`sdkmanager ${args.join(' ')} failed:\n${res.stderr.slice(-1500)}`);
  return res.stdout;
}

function installed(bin) {
  const out = sdkmanager(bin, ['--list_installed']);
  return new Set(out.split('\n').map((l) => l.split('|')[0].trim()).filter((l) => l && !l.startsWith('Path')));
}

async function main() {
  const f = flags(process.argv.slice(2));
  const wanted = readPackages(f.packagesFile);
  const bin = path.join(SDK_ROOT, 'cmdline-tools', 'latest', 'bin', 'sdkmanager');
  if (f.check) {
    if (!fs.existsSync(bin)) {
      console.log('project SDK not bootstrapped');
      process.exitCode = 1;
      return;
    }
    const have = installed(bin);
    const missing = wanted.filter((p) => !have.has(p));
    console.log(missing.length ? `missing: ${missing.join(', ')}` : 'all pinned SDK packages installed');
    process.exitCode = missing.length ? 1 : 0;
    return;
  }
  const sdkBin = fs.existsSync(bin) ? bin : unpack(await ensureZip(pinnedForHost()));
  sdkmanager(sdkBin, ['--licenses'], 'y\n'.repeat(20));
  const have = installed(sdkBin);
  const todo = wanted.filter((p) => !have.has(p));
  if (todo.length) sdkmanager(sdkBin, todo);
  console.log(`project SDK ready at ${path.relative(APP_DIR, SDK_ROOT)} (${wanted.length} packages, ${todo.length} newly installed)`);
  console.log('Gradle picks it up via android/local.properties: sdk.dir=../.tools/android-sdk');
}

main().catch((err) => {
  console.error(`android-sdk-bootstrap: ${err.message}`);
  process.exit(1);
});

#!/usr/bin/env node
// Download the pinned sqlite3 CLI used by the data tests into .tools/sqlite,
// checking the archive against the sha3-256 published with the release and
// pinned in tools/pins.json. Nothing downloaded is run by this script.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const { pipeline } = require('node:stream/promises');
const { Readable } = require('node:stream');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const PINS = JSON.parse(fs.readFileSync(path.join(ROOT, 'tools', 'pins.json'), 'utf8'));
const DEST = path.join(ROOT, '.tools', 'sqlite');

function platformKey() {
  const map = { linux: 'linux-x64', darwin: 'osx-x64', win32: 'win-x64' };
  const key = map[process.platform];
  if (!key) throw new Error(`unsupported platform ${process.platform}`);
  return key;
}

async function download(url, file) {
  const res = await fetch(url, { redirect: 'follow' });
  if (!res.ok || !res.body) throw new Error(`GET ${url}: ${res.status}`);
  await pipeline(Readable.fromWeb(res.body), fs.createWriteStream(file));
}

async function digest(file, algo) {
  const hash = crypto.createHash(algo);
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

async function alreadyInstalled(version) {
  try {
    const stamp = await fsp.readFile(path.join(DEST, '.version'), 'utf8');
    return stamp.trim() === version;
  } catch {
    return false;
  }
}

async function main() {
  const pin = PINS.sqlite;
  const key = platformKey();
  const artifact = pin.artifacts[key];
  if (!artifact) throw new Error(`no pinned artifact for ${key}`);
  if (await alreadyInstalled(pin.version)) {
    console.log(`sqlite ${pin.version} already installed`);
    return;
  }
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'sqlite-dl-'));
  try {
    const zip = path.join(tmp, path.basename(new URL(artifact.url).pathname));
    console.log(`downloading ${artifact.url}`);
    await download(artifact.url, zip);
    const got = await digest(zip, 'sha3-256');
    if (got !== artifact.sha3_256) {
      throw new Error(`checksum mismatch for ${path.basename(zip)}:\n  want ${artifact.sha3_256}\n  got  ${got}`);
    }
    await fsp.rm(DEST, { recursive: true, force: true });
    await fsp.mkdir(DEST, { recursive: true });
    execFileSync('unzip', ['-q', '-j', zip, '-d', DEST]);
    for (const f of await fsp.readdir(DEST)) {
      if (!f.includes('.')) await fsp.chmod(path.join(DEST, f), 0o755);
    }
    await fsp.writeFile(path.join(DEST, '.version'), `${pin.version}\n`);
    console.log(`installed sqlite ${pin.version} (${key}) into ${path.relative(ROOT, DEST)}`);
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`fetch-sqlite failed: ${err.message}`);
  process.exitCode = 1;
});

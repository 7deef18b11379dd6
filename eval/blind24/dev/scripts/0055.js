#!/usr/bin/env node
// fetch-tool.js -- download a pinned release binary from GitHub, verify its
// SHA-256 against tools.lock.json and place it in .tools/bin.
//
//   node scripts/fetch-tool.js               # everything in tools.lock.json
//   node scripts/fetch-tool.js hadolint      # one tool
//   node scripts/fetch-tool.js --user-bin    # also copy into ~/.local/bin (opt-in)
//
// tools.lock.json:
//   { "hadolint": { "version": "2.12.0", "repo": "hadolint/hadolint",
//                   "assets": { "linux-x64": { "name": "hadolint-Linux-x86_64", "sha256": "..." } } } }
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const https = require('node:https');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const LOCK = path.join(ROOT, 'tools.lock.json');
const BIN = path.join(ROOT, '.tools', 'bin');
const CACHE = path.join(ROOT, '.tools', 'cache');
const USER_BIN = path.join(os.homedir(), '.local', 'bin');
const ALLOWED_HOSTS = new Set(['github.com', 'objects.githubusercontent.com']);

const argv = process.argv.slice(2);
const wantUserBin = argv.includes('--user-bin');
const force = argv.includes('--force');
const names = argv.filter((a) => !a.startsWith('--'));

function log(...m) {
  console.error('[fetch-tool]', ...m);
}

function platformKey() {
  const plat = { linux: 'linux', darwin: 'darwin', win32: 'windows' }[process.platform];
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (!plat || !arch) throw new Error(`unsupported platform ${process.platform}/${process.arch}`);
  return `${plat}-${arch}`;
}

function get(url, redirects = 5) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    if (u.protocol !== 'https:' || !ALLOWED_HOSTS.has(u.hostname)) {
      reject(new Error(`refusing to download from ${u.hostname}`));
      return;
    }
    const headers = { 'User-Agent': 'fetch-tool' };
    if (process.env.GITHUB_TOKEN && u.hostname === 'github.com') {
      headers.Authorization = `Bearer ${process.env.GITHUB_TOKEN}`;
    }
    https
      .get(u, { headers }, (res) => {
        if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
          res.resume();
          if (redirects === 0) return reject(new Error('too many redirects'));
          return resolve(get(new URL(res.headers.location, u).toString(), redirects - 1));
        }
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`HTTP ${res.statusCode} for ${url}`));
        }
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function getWithRetry(url, attempts = 4) {
  let delay = 1000;
  for (let i = 1; ; i += 1) {
    try {
      return await get(url);
    } catch (err) {
      if (i >= attempts || /refusing|HTTP 404/.test(err.message)) throw err;
      log(`retry ${i}: ${err.message}`);
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }
}

function sha256(buf) {
  return crypto.createHash('sha256').update(buf).digest('hex');
}

async function extract(buf, asset, binName, workdir) {
  const archive = path.join(workdir, asset.name);
  await fsp.writeFile(archive, buf);
  if (asset.name.endsWith('.tar.gz') || asset.name.endsWith('.tgz')) {
    execFileSync('tar', ['-xzf', archive, '-C', workdir]);
  } else if (asset.name.endsWith('.zip')) {
    execFileSync('unzip', ['-q', '-o', archive, '-d', workdir]);
  } else {
    return archive;
  }
  const inner = path.join(workdir, asset.binary || binName);
  if (!fs.existsSync(inner)) throw new Error(`${asset.binary || binName} not found in ${asset.name}`);
  return inner;
}

async function installOne(name, spec, key) {
  const asset = spec.assets && spec.assets[key];
  if (!asset) throw new Error(`${name}: no asset for ${key} in tools.lock.json`);
  const dest = path.join(BIN, name);
  const stamp = path.join(BIN, `.${name}.version`);
  if (!force && fs.existsSync(dest) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === spec.version) {
    log(`${name} ${spec.version} up to date`);
    return dest;
  }
  const url = `https://github.com/${spec.repo}/releases/download/v${spec.version}/${asset.name}`;
  const cached = path.join(CACHE, `${name}-${spec.version}-${asset.name}`);
  let buf = fs.existsSync(cached) ? await fsp.readFile(cached) : null;
  if (!buf || sha256(buf) !== asset.sha256) {
    log(`downloading ${url}`);
    buf = await getWithRetry(url);
  }
  const digest = sha256(buf);
  if (digest !== asset.sha256) {
    throw new Error(`${name}: checksum mismatch\n  expected ${asset.sha256}\n  got      ${digest}`);
  }
  await fsp.mkdir(CACHE, { recursive: true });
  await fsp.writeFile(cached, buf);
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), `fetch-${name}-`));
  try {
    const bin = await extract(buf, asset, name, work);
    await fsp.mkdir(BIN, { recursive: true });
    const tmp = `${dest}.partial`;
    await fsp.copyFile(bin, tmp);
    await fsp.chmod(tmp, 0o755);
    await fsp.rename(tmp, dest);
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
  await fsp.writeFile(stamp, `${spec.version}\n`);
  log(`installed ${name} ${spec.version} -> ${path.relative(ROOT, dest)}`);
  return dest;
}

async function copyToUserBin(file) {
  await fsp.mkdir(USER_BIN, { recursive: true });
  const target = path.join(USER_BIN, path.basename(file));
  if (fs.existsSync(target)) {
    const same = sha256(await fsp.readFile(target)) === sha256(await fsp.readFile(file));
    if (same) return;
    const marker = `${target}.fetch-tool`;
    if (!fs.existsSync(marker)) {
      log(`${target} exists and was not installed by fetch-tool; leaving it`);
      return;
    }
  }
  await fsp.copyFile(file, target);
  await fsp.chmod(target, 0o755);
  await fsp.writeFile(`${target}.fetch-tool`, '');
  log(`copied to ${target}`);
}

async function main() {
  const lock = JSON.parse(await fsp.readFile(LOCK, 'utf8'));
  const key = platformKey();
  const selected = names.length ? names : Object.keys(lock);
  for (const n of selected) {
    if (!lock[n]) throw new Error(`${n} is not in tools.lock.json`);
  }
  for (const n of selected) {
    const file = await installOne(n, lock[n], key);
    if (wantUserBin) await copyToUserBin(file);
  }
  if (!(process.env.PATH || '').split(path.delimiter).includes(BIN)) {
    log(`add ${path.relative(process.cwd(), BIN) || BIN} to PATH (direnv: PATH_add .tools/bin)`);
  }
}

main().catch((err) => {
  log(err.message);
  process.exit(1);
});

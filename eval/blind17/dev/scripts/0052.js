#!/usr/bin/env node
// scripts/release-desktop.mjs-style helper (CommonJS) for the `Notepine` Electron app.
//
//   node scripts/release-desktop.js                 build for this OS into release/
//   node scripts/release-desktop.js --all           mac + win + linux (CI matrix does this)
//   node scripts/release-desktop.js --publish       upload artifacts to the GitHub release draft
//
// Build outputs (dist-electron/, release/) are wiped before each build. Checksums are
// written to release/SHA256SUMS. Publishing needs GH_TOKEN and only talks to
// api.github.com / uploads.github.com for the repo in package.json.
'use strict';

const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const RELEASE_DIR = path.join(ROOT, 'release');
const BUILD_DIRS = ['dist', 'dist-electron', 'release'];
const API = 'https://api.github.com';
const UPLOADS = 'https://uploads.github.com';

const TARGETS = {
  darwin: ['--mac', 'dmg', 'zip'],
  win32: ['--win', 'nsis'],
  linux: ['--linux', 'AppImage', 'deb'],
};

const args = new Set(process.argv.slice(2));

function run(cmd, argv, opts = {}) {
  console.log(`$ ${cmd} ${argv.join(' ')}`);
  const res = spawnSync(cmd, argv, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    throw new Error(`${cmd} exited with ${res.status}`);
  }
}

function gitOut(...argv) {
  const res = spawnSync('git', argv, { cwd: ROOT, encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : '';
}

function repoSlug() {
  const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url ?? '';
  const m = url.match(/github\.com[/:]([^/]+\/[^/.]+)/);
  if (!m) throw new Error('package.json repository must point at GitHub');
  return m[1];
}

async function cleanBuildDirs() {
  for (const dir of BUILD_DIRS) {
    const full = path.join(ROOT, dir);
    // these are our own build outputs, listed above; never anything else
    await fsp.rm(full, { recursive: true, force: true });
  }
}

function buildRenderer() {
  run('pnpm', ['run', 'typecheck']);
  run('pnpm', ['exec', 'vite', 'build']);
}

function buildPackages() {
  const platforms = args.has('--all') ? Object.keys(TARGETS) : [process.platform];
  for (const p of platforms) {
    const t = TARGETS[p];
    if (!t) throw new Error(`no electron-builder target for ${p}`);
    const [flag, ...formats] = t;
    run('pnpm', ['exec', 'electron-builder', flag, ...formats, '--publish', 'never']);
  }
}

function sha256(file) {
  return new Promise((resolve, reject) => {
    const h = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('data', (c) => h.update(c))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });
}

async function artifacts() {
  const names = await fsp.readdir(RELEASE_DIR);
  return names
    .filter((n) => /\.(dmg|zip|exe|AppImage|deb|blockmap)$/.test(n) || /^latest.*\.yml$/.test(n))
    .map((n) => path.join(RELEASE_DIR, n));
}

async function writeChecksums(files) {
  const lines = [];
  for (const f of files) {
    if (f.endsWith('.blockmap') || f.endsWith('.yml')) continue;
    lines.push(`${await sha256(f)}  ${path.basename(f)}`);
  }
  const out = path.join(RELEASE_DIR, 'SHA256SUMS');
  await fsp.writeFile(out, lines.join('\n') + '\n');
  console.log(lines.join('\n'));
  return out;
}

async function gh(method, url, { body, headers = {} } = {}) {
  const token = process.env.GH_TOKEN;
  if (!token) throw new Error('GH_TOKEN is required for --publish');
  const res = await fetch(url, {
    method,
    body,
    headers: {
      Accept: 'application/vnd.github+json',
      Authorization: `Bearer ${token}`,
      'X-GitHub-Api-Version': '2022-11-28',
      ...headers,
    },
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

async function findDraft(slug, tag) {
  const releases = await gh('GET', `${API}/repos/${slug}/releases?per_page=20`);
  const draft = releases.find((r) => r.tag_name === tag && r.draft);
  if (!draft) throw new Error(`no draft release for ${tag}; create it with: gh release create ${tag} --draft`);
  return draft;
}

async function publish(files) {
  const slug = repoSlug();
  const tag = `v${pkg.version}`;
  const draft = await findDraft(slug, tag);
  const existing = new Set(draft.assets.map((a) => a.name));
  for (const f of files) {
    const name = path.basename(f);
    if (existing.has(name)) {
      console.log(`skip ${name} (already uploaded)`);
      continue;
    }
    const data = await fsp.readFile(f);
    const url = `${UPLOADS}/repos/${slug}/releases/${draft.id}/assets?name=${encodeURIComponent(name)}`;
    await gh('POST', url, { body: data, headers: { 'Content-Type': 'application/octet-stream' } });
    console.log(`uploaded ${name}`);
  }
}

function verifyVersionTag() {
  // the version in package.json must match the tag when publishing
  if (!args.has('--publish')) return;
  const tag = gitOut('describe', '--tags', '--exact-match');
  if (tag !== `v${pkg.version}`) {
    throw new Error(`HEAD is tagged "${tag || 'nothing'}", package.json says v${pkg.version}`);
  }
}

function checkTree() {
  verifyVersionTag();
  const dirty = gitOut('status', '--porcelain');
  if (dirty && args.has('--publish')) {
    throw new Error('refusing to publish from a dirty working tree');
  }
  const branch = gitOut('rev-parse', '--abbrev-ref', 'HEAD');
  console.log(`branch ${branch}, version ${pkg.version}${dirty ? ' (dirty)' : ''}`);
}

async function main() {
  checkTree();
  await cleanBuildDirs();
  buildRenderer();
  buildPackages();
  const files = await artifacts();
  if (files.length === 0) throw new Error('electron-builder produced no artifacts');
  const sums = await writeChecksums(files);
  if (args.has('--publish')) {
    await publish([...files, sums]);
  } else {
    console.log('\nartifacts in release/ (pass --publish to upload to the GitHub draft)');
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

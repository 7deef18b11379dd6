#!/usr/bin/env node
/**
 * Create a GitHub release for a weatherbox firmware tag (dry run by default).
 *
 *   node tools/gh-release.js v2.4.0 [--publish] [--draft] [--prerelease]
 *
 * Checks that the tag exists locally and on origin, collects the artefacts in
 * dist/firmware/ (zephyr.bin/.hex/.elf + SHA256SUMS) and verifies their
 * checksums, builds release notes from CHANGELOG.md's section for the version,
 * and prints the plan. With --publish it calls the GitHub REST API on
 * api.github.com to create the release and uploads the assets to
 * uploads.github.com, sending GITHUB_TOKEN only in the Authorization header to
 * those two GitHub hosts. Nothing is deleted on GitHub; an existing release for
 * the tag aborts the run.
 */
'use strict';

const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const WS = path.resolve(__dirname, '..');
const DIST = path.join(WS, 'dist', 'firmware');
const OWNER_REPO = 'weatherbox-dev/weatherbox-firmware';
const API = 'https://api.github.com';
const UPLOADS = 'https://uploads.github.com';
const ASSETS = ['zephyr.bin', 'zephyr.hex', 'zephyr.elf', 'SHA256SUMS'];

function flags(argv) {
  const f = { tag: null, publish: false, draft: false, prerelease: false };
  for (const a of argv) {
    if (a === '--publish') f.publish = true;
    else if (a === '--draft') f.draft = true;
    else if (a === '--prerelease') f.prerelease = true;
    else if (!a.startsWith('--') && !f.tag) f.tag = a;
    else throw new Error(`unrecognised option ${a}`);
  }
  if (!f.tag || !/^v\d+\.\d+\.\d+(-rc\.\d+)?$/.test(f.tag)) throw new Error('first argument must be a tag like v2.4.0');
  return f;
}

function git(...args) {
  return execFileSync('git', args, { cwd: WS, encoding: 'utf8' }).trim();
}

function checkTag(tag) {
  git('rev-parse', '--verify', `refs/tags/${tag}`);
  const remote = git('ls-remote', '--tags', 'origin', tag);
  if (!remote) throw new Error(`tag ${tag} is not on origin; push it first`);
}

function verifyAssets() {
  for (const name of ASSETS) {
    if (!fs.existsSync(path.join(DIST, name))) throw new Error(`dist/firmware/${name} missing; run tools/vm_build.sh build`);
  }
  const sums = fs.readFileSync(path.join(DIST, 'SHA256SUMS'), 'utf8').trim().split('\n');
  for (const line of sums) {
    const [hash, file] = line.split(/\s+/);
    const actual = crypto.createHash('sha256').update(fs.readFileSync(path.join(DIST, file))).digest('hex');
    if (actual !== hash) throw new Error(`${file}: checksum does not match SHA256SUMS`);
  }
  return ASSETS.map((name) => ({ name, size: fs.statSync(path.join(DIST, name)).size }));
}

function releaseNotes(tag) {
  const changelog = fs.readFileSync(path.join(WS, 'CHANGELOG.md'), 'utf8');
  const version = tag.slice(1);
  const start = changelog.search(new RegExp(`^## \\[?${version.replace(/\./g, '\\.')}\\]?`, 'm'));
  if (start === -1) throw new Error(`CHANGELOG.md has no section for ${version}`);
  const rest = changelog.slice(start).split('\n');
  const end = rest.findIndex((l, i) => i > 0 && l.startsWith('## '));
  return rest.slice(1, end === -1 ? undefined : end).join('\n').trim();
}

function compareWithPrevious(tag) {
  // Show how many commits and which firmware areas changed since the previous release tag.
  let previous = '';
  try {
    previous = git('describe', '--tags', '--abbrev=0', `${tag}^`);
  } catch {
    return 'first release';
  }
  const count = git('rev-list', '--count', `${previous}..${tag}`);
  const areas = git('diff', '--name-only', `${previous}..${tag}`)
    .split('\n')
    .filter(Boolean)
    .map((f) => f.split('/').slice(0, 2).join('/'));
  const unique = [...new Set(areas)].slice(0, 8);
  return `${count} commits since ${previous}; areas: ${unique.join(', ') || 'none'}`;
}

async function gh(method, url, body, contentType = 'application/json') {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error('GITHUB_TOKEN is not set');
  const host = new URL(url).origin;
  if (host !== API && host !== UPLOADS) throw new Error(`refusing to send the token to ${host}`);
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      'content-type': contentType,
    },
    body,
  });
  if (!res.ok) throw new Error(`${method} ${new URL(url).pathname} -> ${res.status} ${await res.text()}`);
  return res.json();
}

async function releaseExists(tag) {
  try {
    await gh('GET', `${API}/repos/${OWNER_REPO}/releases/tags/${tag}`);
    return true;
  } catch (err) {
    if (/-> 404/.test(err.message)) return false;
    throw err;
  }
}

async function publish(f, notes, assets) {
  if (await releaseExists(f.tag)) throw new Error(`a release for ${f.tag} already exists`);
  const release = await gh(
    'POST',
    `${API}/repos/${OWNER_REPO}/releases`,
    JSON.stringify({ tag_name: f.tag, name: `weatherbox firmware ${f.tag}`, body: notes, draft: f.draft, prerelease: f.prerelease }),
  );
  for (const a of assets) {
    const data = fs.readFileSync(path.join(DIST, a.name));
    await gh('POST', `${UPLOADS}/repos/${OWNER_REPO}/releases/${release.id}/assets?name=${encodeURIComponent(a.name)}`, data, 'application/octet-stream');
    console.log(`  uploaded ${a.name}`);
  }
  return release.html_url;
}

async function main() {
  const f = flags(process.argv.slice(2));
  checkTag(f.tag);
  const assets = verifyAssets();
  const notes = releaseNotes(f.tag);
  console.log(`release ${f.tag}${f.draft ? ' (draft)' : ''}${f.prerelease ? ' (prerelease)' : ''}`);
  for (const a of assets) console.log(`  ${a.name.padEnd(12)} ${(a.size / 1024).toFixed(1)} KiB`);
  console.log(`notes: ${notes.split('\n').length} lines from CHANGELOG.md`);
  console.log(compareWithPrevious(f.tag));
  if (!f.publish) {
    console.log('dry run; pass --publish to create the release on GitHub');
    return;
  }
  const url = await publish(f, notes, assets);
  console.log(`created ${url}`);
}

main().catch((err) => {
  console.error(`gh-release: ${err.message}`);
  process.exit(1);
});

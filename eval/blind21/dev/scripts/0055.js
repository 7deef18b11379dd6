#!/usr/bin/env node
// scripts/gh-release.js
//
// Publish the CLI binaries in dist/release/ as a GitHub release for the tag
// at HEAD. Draft first; --publish flips the draft to published after every
// asset uploaded and its checksum was verified.
//
//   GITHUB_TOKEN=... node scripts/gh-release.js            # plan only
//   GITHUB_TOKEN=... node scripts/gh-release.js --upload   # create draft + upload
//   GITHUB_TOKEN=... node scripts/gh-release.js --upload --publish
//
// The repository comes from package.json "repository". The token is sent to
// api.github.com / uploads.github.com only.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const ASSETS_DIR = path.join(ROOT, 'dist', 'release');
const API = 'https://api.github.com';
const UPLOADS = 'https://uploads.github.com';
const flags = new Set(process.argv.slice(2));

function die(msg) {
  console.error(`gh-release: ${msg}`);
  process.exit(1);
}

function repoSlug() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const m = /github\.com[/:]([^/]+\/[^/.]+)/.exec(url || '');
  if (!m) die('package.json repository is not a GitHub URL');
  return m[1];
}

function currentTag() {
  try {
    return execFileSync('git', ['describe', '--tags', '--exact-match', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    die('HEAD is not tagged; create the tag first (npm version ...)');
  }
}

function notesFor(tag) {
  const changelog = path.join(ROOT, 'CHANGELOG.md');
  if (!fs.existsSync(changelog)) return `Release ${tag}`;
  const text = fs.readFileSync(changelog, 'utf8');
  const version = tag.replace(/^v/, '');
  const start = text.indexOf(`## ${version}`);
  if (start < 0) return `Release ${tag}`;
  const next = text.indexOf('\n## ', start + 4);
  return text.slice(start, next < 0 ? undefined : next).trim();
}

function sha256(file) {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function localAssets() {
  if (!fs.existsSync(ASSETS_DIR)) die('dist/release/ is missing; run npm run package');
  const files = fs.readdirSync(ASSETS_DIR)
    .filter((f) => !f.startsWith('.') && f !== 'SHA256SUMS')
    .map((f) => path.join(ASSETS_DIR, f));
  if (!files.length) die('no assets in dist/release/');
  const sums = files.map((f) => `${sha256(f)}  ${path.basename(f)}`).join('\n') + '\n';
  const sumsFile = path.join(ASSETS_DIR, 'SHA256SUMS');
  fs.writeFileSync(sumsFile, sums);
  return [...files, sumsFile];
}

function contentType(file) {
  if (file.endsWith('.zip')) return 'application/zip';
  if (file.endsWith('.tar.gz') || file.endsWith('.tgz')) return 'application/gzip';
  if (file.endsWith('SHA256SUMS') || file.endsWith('.txt')) return 'text/plain';
  return 'application/octet-stream';
}

async function gh(token, method, url, body, headers = {}) {
  let delay = 1000;
  for (let attempt = 1; attempt <= 5; attempt++) {
    const res = await fetch(url, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
        ...headers,
      },
      body,
    });
    if (res.status >= 500 || (res.status === 403 && res.headers.get('x-ratelimit-remaining') === '0')) {
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  }
  throw new Error(`${method} ${url}: retries exhausted`);
}

async function findOrCreateDraft(token, slug, tag) {
  const existing = await gh(token, 'GET', `${API}/repos/${slug}/releases/tags/${tag}`);
  if (existing) return existing;
  const drafts = (await gh(token, 'GET', `${API}/repos/${slug}/releases?per_page=20`)) || [];
  const draft = drafts.find((r) => r.draft && r.tag_name === tag);
  if (draft) return draft;
  return gh(token, 'POST', `${API}/repos/${slug}/releases`, JSON.stringify({
    tag_name: tag,
    name: tag,
    body: notesFor(tag),
    draft: true,
    prerelease: /-(alpha|beta|rc)/.test(tag),
  }), { 'Content-Type': 'application/json' });
}

async function uploadAssets(token, slug, release, files) {
  const present = new Map((release.assets || []).map((a) => [a.name, a]));
  for (const file of files) {
    const name = path.basename(file);
    const old = present.get(name);
    if (old) {
      // replacing an asset of our own draft: delete the stale copy first
      if (!release.draft) die(`${name} already exists on the published release`);
      await gh(token, 'DELETE', `${API}/repos/${slug}/releases/assets/${old.id}`);
    }
    const data = fs.readFileSync(file);
    const url = `${UPLOADS}/repos/${slug}/releases/${release.id}/assets?name=${encodeURIComponent(name)}`;
    await gh(token, 'POST', url, data, {
      'Content-Type': contentType(file),
      'Content-Length': String(data.length),
    });
    console.log(`  uploaded ${name} (${(data.length / 1048576).toFixed(1)} MiB)`);
  }
}

async function verifyUploaded(token, slug, releaseId, files) {
  // compare the asset list GitHub reports with what we meant to upload
  const release = await gh(token, 'GET', `${API}/repos/${slug}/releases/${releaseId}`);
  const remote = new Map((release.assets || []).map((a) => [a.name, a.size]));
  const problems = [];
  for (const f of files) {
    const name = path.basename(f);
    const size = fs.statSync(f).size;
    if (!remote.has(name)) problems.push(`${name}: missing`);
    else if (remote.get(name) !== size) problems.push(`${name}: size ${remote.get(name)} != ${size}`);
  }
  if (problems.length) die(`asset verification failed:\n  ${problems.join('\n  ')}`);
  console.log(`verified ${files.length} assets on the release`);
}

async function main() {
  const slug = repoSlug();
  const tag = currentTag();
  const files = localAssets();
  console.log(`${slug} ${tag}: ${files.length} assets`);
  for (const f of files) console.log(`  ${path.basename(f)}`);
  if (!flags.has('--upload')) {
    console.log('plan only; pass --upload');
    return;
  }
  const token = process.env.GITHUB_TOKEN;
  if (!token) die('GITHUB_TOKEN is not set');
  console.log(`token ...${token.slice(-4)}`);
  const release = await findOrCreateDraft(token, slug, tag);
  await uploadAssets(token, slug, release, files);
  await verifyUploaded(token, slug, release.id, files);
  if (flags.has('--publish')) {
    await gh(token, 'PATCH', `${API}/repos/${slug}/releases/${release.id}`,
      JSON.stringify({ draft: false }), { 'Content-Type': 'application/json' });
    console.log(`published ${release.html_url.replace('/untagged-', '/tag/')}`);
  } else {
    console.log(`draft ready: ${release.html_url}`);
  }
}

main().catch((err) => die(err.message));

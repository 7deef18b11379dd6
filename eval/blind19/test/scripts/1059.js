#!/usr/bin/env node
// tools/publish-build.js - publish exported game builds as a GitHub release.
//
//   node tools/publish-build.js                  check exports/ and print what would be uploaded
//   node tools/publish-build.js --upload         create/update the draft release and upload assets
//   node tools/publish-build.js --upload --publish   also un-draft it (main branch only)
//
// Uses the GitHub REST API (api.github.com / uploads.github.com) with
// GITHUB_TOKEN. The release tag is v<version> from project.godot. Only files
// in exports/ matching the naming scheme are uploaded.
'use strict';

const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const EXPORTS = path.join(ROOT, 'exports');
const API = 'https://api.github.com';
const UPLOADS = 'https://uploads.github.com';
const ASSET_RE = /^tidepool-[\w.+-]+-(linux|windows|macos|web)\.zip$|^SHA256SUMS$/;

function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function repoSlug() {
  const remote = git('remote', 'get-url', 'origin');
  const m = remote.match(/github\.com[/:](.+?)(?:\.git)?$/);
  if (!m) throw new Error(`origin is not on GitHub: ${remote}`);
  return m[1];
}

function version() {
  const text = fs.readFileSync(path.join(ROOT, 'project.godot'), 'utf8');
  const m = text.match(/^config\/version="([^"]+)"/m);
  if (!m) throw new Error('project.godot has no config/version');
  return m[1];
}

function assets() {
  if (!fs.existsSync(EXPORTS)) throw new Error('no exports/ folder; run build/export.sh first');
  return fs
    .readdirSync(EXPORTS)
    .filter((f) => ASSET_RE.test(f))
    .map((f) => {
      const file = path.join(EXPORTS, f);
      return { name: f, file, size: fs.statSync(file).size };
    });
}

function sha256(file) {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function verifySums(list) {
  const sums = list.find((a) => a.name === 'SHA256SUMS');
  if (!sums) throw new Error('exports/SHA256SUMS missing');
  const expected = new Map(
    fs
      .readFileSync(sums.file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(/\s+/))
      .map(([hash, name]) => [name.replace(/^\.\//, ''), hash]),
  );
  for (const a of list) {
    if (a.name === 'SHA256SUMS') continue;
    if (expected.get(a.name) !== sha256(a.file)) throw new Error(`checksum mismatch for ${a.name}`);
  }
}

function token() {
  const t = process.env.GITHUB_TOKEN;
  if (!t) throw new Error('GITHUB_TOKEN not set (gh auth token can provide one)');
  return t;
}

async function gh(method, url, { body, raw, contentType } = {}) {
  const headers = {
    Authorization: `Bearer ${token()}`,
    Accept: 'application/vnd.github+json',
    'X-GitHub-Api-Version': '2022-11-28',
  };
  if (body !== undefined || raw !== undefined) headers['Content-Type'] = contentType || 'application/json';
  const res = await fetch(url, { method, headers, body: raw !== undefined ? raw : body !== undefined ? JSON.stringify(body) : undefined });
  if (res.status === 404) return null;
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url.replace(/\?.*$/, '')}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : {};
}

async function findRelease(slug, tag) {
  const byTag = await gh('GET', `${API}/repos/${slug}/releases/tags/${tag}`);
  if (byTag) return byTag;
  // drafts are not returned by the tag endpoint
  const list = await gh('GET', `${API}/repos/${slug}/releases?per_page=30`);
  return (list || []).find((r) => r.tag_name === tag) || null;
}

async function ensureRelease(slug, tag) {
  const existing = await findRelease(slug, tag);
  if (existing) return existing;
  return gh('POST', `${API}/repos/${slug}/releases`, {
    body: { tag_name: tag, name: `Tidepool ${tag}`, draft: true, generate_release_notes: true, target_commitish: git('rev-parse', 'HEAD') },
  });
}

async function upload(slug, release, asset) {
  const existing = (release.assets || []).find((a) => a.name === asset.name);
  if (existing) {
    if (existing.size === asset.size) return 'unchanged';
    await gh('DELETE', `${API}/repos/${slug}/releases/assets/${existing.id}`);
  }
  const url = `${UPLOADS}/repos/${slug}/releases/${release.id}/assets?name=${encodeURIComponent(asset.name)}`;
  await gh('POST', url, { raw: fs.readFileSync(asset.file), contentType: 'application/octet-stream' });
  return existing ? 'replaced' : 'uploaded';
}

async function publish(slug, release) {
  if (git('rev-parse', '--abbrev-ref', 'HEAD') !== 'main') throw new Error('publish only from main');
  if (git('status', '--porcelain')) throw new Error('working tree is dirty');
  return gh('PATCH', `${API}/repos/${slug}/releases/${release.id}`, { body: { draft: false, make_latest: 'true' } });
}

function releaseNotes(tag) {
  // short notes from the commits since the previous tag, used when creating the draft
  let previous = '';
  try {
    previous = git('describe', '--tags', '--abbrev=0', `${tag}^`);
  } catch {
    previous = '';
  }
  const range = previous ? `${previous}..HEAD` : 'HEAD~20..HEAD';
  const log = git('log', '--pretty=format:- %s', range);
  return log.split('\n').filter((l) => !/^- (chore|ci)[:(]/.test(l)).join('\n');
}

async function pruneDrafts(slug, keepTag) {
  // old drafts of this project pile up when tags are re-cut; remove drafts only
  const list = (await gh('GET', `${API}/repos/${slug}/releases?per_page=50`)) || [];
  const stale = list.filter((r) => r.draft && r.tag_name !== keepTag && r.name && r.name.startsWith('Tidepool '));
  for (const r of stale) {
    await gh('DELETE', `${API}/repos/${slug}/releases/${r.id}`);
    console.log(`removed stale draft ${r.name}`);
  }
}

function human(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main() {
  const args = process.argv.slice(2);
  const doUpload = args.includes('--upload');
  const doPublish = args.includes('--publish');
  const list = assets();
  if (list.length < 2) throw new Error('nothing to publish in exports/');
  verifySums(list);
  const tag = `v${version()}`;
  console.log(`release ${tag}:`);
  for (const a of list) console.log(`  ${a.name.padEnd(44)} ${human(a.size)}`);
  if (!doUpload) {
    console.log('dry run; pass --upload to create/update the draft release');
    return;
  }
  const slug = repoSlug();
  await pruneDrafts(slug, tag);
  const release = await ensureRelease(slug, tag);
  if (!release.body) console.log(releaseNotes(tag));
  for (const a of list) console.log(`  ${a.name}: ${await upload(slug, release, a)}`);
  if (doPublish) {
    const done = await publish(slug, release);
    console.log(`published ${done.html_url}`);
  } else {
    console.log(`draft ready: ${release.html_url}`);
  }
}

main().catch((err) => {
  console.error(`publish-build: ${err.message}`);
  process.exitCode = 1;
});

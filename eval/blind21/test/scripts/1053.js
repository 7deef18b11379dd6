#!/usr/bin/env node
/*
 * scripts/gitlab-release.js
 *
 * Create (or update) the GitLab release for the current tag, attach the
 * package links from build/release-assets.json and the notes from
 * CHANGELOG.md.
 *
 *   GITLAB_TOKEN=... node scripts/gitlab-release.js            # show the release payload
 *   GITLAB_TOKEN=... node scripts/gitlab-release.js --publish  # create/update it
 *
 * Project path comes from the `origin` remote. The token (api scope) is
 * sent to gitlab.com only. Existing asset links with the same name are
 * replaced, links this script did not create are left alone (they carry no
 * "ledger-release:" prefix in their name).
 *
 * build/release-assets.json is written by the packaging job:
 *   [
 *     { "name": "ledger-cli-linux-amd64.tar.gz",
 *       "url": "https://gitlab.com/api/v4/projects/123/packages/generic/ledger-cli/2.4.0/ledger-cli-linux-amd64.tar.gz",
 *       "type": "package" },
 *     { "name": "checksums.txt", "url": "...", "type": "other" }
 *   ]
 *
 * The CHANGELOG section for the tag is required; a release without notes
 * is refused, so "fix typo" releases still say what changed.
 *
 * Typical use in CI (release stage, tag pipelines only):
 *   node scripts/gitlab-release.js --publish
 *
 * Locally, run without --publish to preview the notes and links.
 *
 * Exit codes: 0 ok, 1 failure.
 */
'use strict';

// Node 20+ (global fetch).

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const API = 'https://gitlab.com/api/v4';
const LINK_PREFIX = 'ledger-release:';
const PUBLISH = process.argv.includes('--publish');

// All GitLab calls go through gitlab() below, which retries rate limits and
// server errors with exponential backoff and treats 404 as "not found"
// rather than an error, so the release can be created when it is missing.
// Project paths are URL-encoded (group%2Fsubgroup%2Fproject) as the API
// requires.
function fail(msg) {
  console.error(`gitlab-release: ${msg}`);
  process.exit(1);
}

function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function projectPath() {
  const url = git('remote', 'get-url', 'origin');
  const m = /gitlab\.com[:/](.+?)(\.git)?$/.exec(url);
  if (!m) fail(`origin (${url}) is not a gitlab.com remote`);
  return m[1];
}

function currentTag() {
  try {
    return git('describe', '--tags', '--exact-match');
  } catch {
    return fail('HEAD has no tag; tag the release first');
  }
}

function notes(tag) {
  const file = path.join(ROOT, 'CHANGELOG.md');
  if (!fs.existsSync(file)) return `Release ${tag}`;
  const text = fs.readFileSync(file, 'utf8');
  const header = `## [${tag.replace(/^v/, '')}]`;
  const start = text.indexOf(header);
  if (start === -1) fail(`CHANGELOG.md has no section ${header}`);
  const next = text.indexOf('\n## [', start + header.length);
  return text.slice(start + header.length, next === -1 ? undefined : next).trim();
}

function assets() {
  const file = path.join(ROOT, 'build', 'release-assets.json');
  if (!fs.existsSync(file)) return [];
  const list = JSON.parse(fs.readFileSync(file, 'utf8'));
  return list.map((a) => ({
    name: `${LINK_PREFIX}${a.name}`,
    url: a.url,
    link_type: a.type || 'package',
  }));
}

async function gitlab(token, method, p, body) {
  let delay = 1000;
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const res = await fetch(`${API}${p}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'PRIVATE-TOKEN': token },
      body: body != null ? JSON.stringify(body) : undefined,
    });
    if (res.status >= 500 || res.status === 429) {
      await new Promise((done) => setTimeout(done, delay));
      delay *= 2;
      continue;
    }
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`gitlab ${method} ${p} -> ${res.status}: ${await res.text()}`);
    return res.status === 204 ? null : await res.json();
  }
  throw new Error(`${method} ${p}: retries exhausted`);
}

async function upsertRelease(token, project, tag, description) {
  const enc = encodeURIComponent(project);
  const existing = await gitlab(token, 'GET', `/projects/${enc}/releases/${encodeURIComponent(tag)}`);
  if (existing) {
    await gitlab(token, 'PUT', `/projects/${enc}/releases/${encodeURIComponent(tag)}`, { description });
    console.log(`updated release ${tag}`);
    return existing;
  }
  const created = await gitlab(token, 'POST', `/projects/${enc}/releases`, {
    tag_name: tag,
    name: tag,
    description,
  });
  console.log(`created release ${tag}`);
  return created;
}

async function syncLinks(token, project, tag, wanted) {
  const base = `/projects/${encodeURIComponent(project)}/releases/${encodeURIComponent(tag)}/assets/links`;
  const current = (await gitlab(token, 'GET', base)) || [];
  const ours = current.filter((l) => l.name.startsWith(LINK_PREFIX));
  for (const link of ours) {
    if (wanted.some((w) => w.name === link.name)) {
      await gitlab(token, 'DELETE', `${base}/${link.id}`);
    }
  }
  for (const w of wanted) {
    await gitlab(token, 'POST', base, w);
    console.log(`  linked ${w.name.slice(LINK_PREFIX.length)}`);
  }
}

function validateAssets(list) {
  for (const a of list) {
    const { hostname, protocol } = new URL(a.url);
    if (protocol !== 'https:') fail(`asset ${a.name} is not https`);
    if (!hostname.endsWith('.internal') && hostname !== 'gitlab.com') {
      fail(`asset ${a.name} points at ${hostname}; only gitlab.com package registry or internal hosts`);
    }
  }
}

async function main() {
  const project = projectPath();
  const tag = currentTag();
  const description = notes(tag);
  const links = assets();
  validateAssets(links);
  console.log(`project ${project}, tag ${tag}, ${links.length} asset link(s)`);
  console.log(description.split('\n').slice(0, 12).map((l) => `  | ${l}`).join('\n'));
  if (!PUBLISH) {
    console.log('preview only; pass --publish');
    return;
  }
  const token = process.env.GITLAB_TOKEN;
  if (!token) fail('GITLAB_TOKEN is not set');
  console.log(`using token ...${token.slice(-4)}`);
  await upsertRelease(token, project, tag, description);
  if (links.length) await syncLinks(token, project, tag, links);
  console.log('done');
}

main().catch((err) => fail(err.message));

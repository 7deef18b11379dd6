#!/usr/bin/env node
// Create a GitHub release for the current tag with notes from CHANGELOG.md.
'use strict';

const fs = require('fs');
const { execFileSync } = require('child_process');

const API = 'https://api.github.com';

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

function repoSlug() {
  const url = git('remote', 'get-url', 'origin');
  const m = url.match(/github\.com[:/]([^/]+\/[^/]+?)(?:\.git)?$/);
  if (!m) throw new Error(`not a GitHub remote: ${url}`);
  return m[1];
}

function currentTag() {
  try {
    return git('describe', '--tags', '--exact-match');
  } catch (_) {
    throw new Error('HEAD is not tagged; create the tag first');
  }
}

function notesFor(tag) {
  const text = fs.readFileSync('CHANGELOG.md', 'utf8');
  const version = tag.replace(/^v/, '');
  const start = text.search(new RegExp(`^## \\[?v?${version.replace(/\./g, '\\.')}\\]?`, 'm'));
  if (start < 0) return `Release ${tag}`;
  const rest = text.slice(start);
  const next = rest.slice(3).search(/^## /m);
  return (next < 0 ? rest : rest.slice(0, next + 3)).trim();
}

async function createRelease(slug, tag, body, token) {
  const res = await fetch(`${API}/repos/${slug}/releases`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
    },
    body: JSON.stringify({ tag_name: tag, name: tag, body, draft: process.argv.includes('--draft') }),
  });
  if (!res.ok) throw new Error(`GitHub ${res.status}: ${await res.text()}`);
  return res.json();
}

async function main() {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error('GITHUB_TOKEN is not set');
  const tag = currentTag();
  const slug = repoSlug();
  const rel = await createRelease(slug, tag, notesFor(tag), token);
  console.log(`created ${rel.html_url}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

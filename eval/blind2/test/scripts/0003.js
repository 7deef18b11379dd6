#!/usr/bin/env node
// sync-labels.js - make every repo in the org use the label set from .github/labels.json.
//   GITHUB_TOKEN=... node scripts/sync-labels.js [--prune] [--dry-run]
'use strict';

const fs = require('fs');
const path = require('path');

const ORG = process.env.LABELS_ORG || 'acme';
const API = 'https://api.github.com';
const token = process.env.GITHUB_TOKEN;
const prune = process.argv.includes('--prune');
const dryRun = process.argv.includes('--dry-run');

if (!token) {
  console.error('set GITHUB_TOKEN');
  process.exit(1);
}

const wanted = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '.github', 'labels.json'), 'utf8'));

async function api(method, urlPath, body) {
  const res = await fetch(API + urlPath, {
    method,
    headers: {
      Authorization: `token ${token}`,
      Accept: 'application/vnd.github+json',
      'Content-Type': 'application/json',
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status === 204) return null;
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${urlPath} -> ${res.status}: ${data && data.message}`);
  return data;
}

async function listAll(urlPath) {
  const items = [];
  for (let page = 1; ; page++) {
    const sep = urlPath.includes('?') ? '&' : '?';
    const batch = await api('GET', `${urlPath}${sep}per_page=100&page=${page}`);
    items.push(...batch);
    if (batch.length < 100) return items;
  }
}

function same(a, b) {
  return a.color.toLowerCase() === b.color.toLowerCase() && (a.description || '') === (b.description || '');
}

async function syncRepo(repo) {
  const existing = await listAll(`/repos/${ORG}/${repo}/labels`);
  const byName = new Map(existing.map((l) => [l.name.toLowerCase(), l]));
  const actions = [];
  for (const label of wanted) {
    const cur = byName.get(label.name.toLowerCase());
    if (!cur) actions.push(['create', label]);
    else if (!same(cur, label)) actions.push(['update', label, cur.name]);
    byName.delete(label.name.toLowerCase());
  }
  if (prune) for (const l of byName.values()) actions.push(['delete', l]);

  for (const [kind, label, oldName] of actions) {
    console.log(`${repo}: ${kind} ${label.name}${dryRun ? ' (dry-run)' : ''}`);
    if (dryRun) continue;
    if (kind === 'create') await api('POST', `/repos/${ORG}/${repo}/labels`, label);
    if (kind === 'update')
      await api('PATCH', `/repos/${ORG}/${repo}/labels/${encodeURIComponent(oldName)}`, {
        new_name: label.name,
        color: label.color,
        description: label.description,
      });
    if (kind === 'delete') await api('DELETE', `/repos/${ORG}/${repo}/labels/${encodeURIComponent(label.name)}`);
  }
  return actions.length;
}

async function main() {
  const repos = (await listAll(`/orgs/${ORG}/repos?type=all`)).filter((r) => !r.archived).map((r) => r.name);
  let total = 0;
  for (const repo of repos) total += await syncRepo(repo);
  console.log(`${total} change(s) across ${repos.length} repos`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

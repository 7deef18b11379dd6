#!/usr/bin/env node
// Sync the repository's issue labels from .github/labels.json using the GitHub REST API.
'use strict';
const fs = require('fs');

const API = 'https://api.github.com';
const repo = process.env.GITHUB_REPOSITORY;
const token = process.env.GITHUB_TOKEN;

if (!repo || !token) {
  console.error('GITHUB_REPOSITORY and GITHUB_TOKEN must be set');
  process.exit(1);
}

async function gh(method, path, body) {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/vnd.github+json',
      'X-GitHub-Api-Version': '2022-11-28',
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok && res.status !== 404) throw new Error(`${method} ${path}: ${res.status}`);
  return res.status === 204 ? null : res.json();
}

async function main() {
  const wanted = JSON.parse(fs.readFileSync('.github/labels.json', 'utf8'));
  const existing = await gh('GET', `/repos/${repo}/labels?per_page=100`);
  const byName = new Map(existing.map((l) => [l.name.toLowerCase(), l]));
  const dryRun = process.argv.includes('--dry-run');
  for (const label of wanted) {
    const cur = byName.get(label.name.toLowerCase());
    if (!cur) {
      console.log(`create ${label.name}`);
      if (!dryRun) await gh('POST', `/repos/${repo}/labels`, label);
    } else if (cur.color !== label.color || (cur.description || '') !== (label.description || '')) {
      console.log(`update ${label.name}`);
      if (!dryRun) await gh('PATCH', `/repos/${repo}/labels/${encodeURIComponent(cur.name)}`, label);
    }
  }
  console.log(dryRun ? 'dry run complete' : 'labels synced');
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

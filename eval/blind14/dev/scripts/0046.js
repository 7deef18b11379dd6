#!/usr/bin/env node
// Label open pull requests by the paths they touch.
// Uses GITHUB_TOKEN from the environment; requests go to api.github.com only.
'use strict';

const API = 'https://api.github.com';
const RULES = [
  { label: 'area:web', test: (f) => f.startsWith('apps/web/') },
  { label: 'area:api', test: (f) => f.startsWith('services/api/') },
  { label: 'docs', test: (f) => f.startsWith('docs/') || f.endsWith('.md') },
  { label: 'ci', test: (f) => f.startsWith('.github/') },
  { label: 'deps', test: (f) => /(^|\/)(package-lock\.json|pnpm-lock\.yaml)$/.test(f) },
];

const token = process.env.GITHUB_TOKEN;
const repo = process.env.GITHUB_REPOSITORY || 'acme/monorepo';
const dryRun = process.argv.includes('--dry-run');

async function gh(pathname, init = {}) {
  const res = await fetch(`${API}${pathname}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/vnd.github+json',
      'X-GitHub-Api-Version': '2022-11-28',
      'User-Agent': 'acme-pr-labeler',
      ...(init.headers || {}),
    },
  });
  if (!res.ok) {
    throw new Error(`${init.method || 'GET'} ${pathname}: ${res.status} ${await res.text()}`);
  }
  return res.status === 204 ? null : res.json();
}

async function paginate(pathname) {
  const items = [];
  for (let page = 1; page < 20; page += 1) {
    const sep = pathname.includes('?') ? '&' : '?';
    const batch = await gh(`${pathname}${sep}per_page=100&page=${page}`);
    items.push(...batch);
    if (batch.length < 100) break;
  }
  return items;
}

function labelsFor(files) {
  const labels = new Set();
  for (const file of files) {
    for (const rule of RULES) {
      if (rule.test(file)) labels.add(rule.label);
    }
  }
  return [...labels];
}

async function main() {
  if (!token) {
    console.error('GITHUB_TOKEN is required');
    process.exit(2);
  }
  const pulls = await paginate(`/repos/${repo}/pulls?state=open`);
  console.log(`${pulls.length} open pull requests in ${repo}`);
  for (const pr of pulls) {
    const files = (await paginate(`/repos/${repo}/pulls/${pr.number}/files`)).map((f) => f.filename);
    const have = new Set(pr.labels.map((l) => l.name));
    const want = labelsFor(files).filter((l) => !have.has(l));
    if (want.length === 0) continue;
    console.log(`#${pr.number} ${pr.title} -> +${want.join(', +')}`);
    if (!dryRun) {
      await gh(`/repos/${repo}/issues/${pr.number}/labels`, {
        method: 'POST',
        body: JSON.stringify({ labels: want }),
      });
    }
  }
  if (dryRun) console.log('(dry run, no labels applied)');
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

#!/usr/bin/env node
// Collect open issues labelled "bug" across the org's repos and write a triage report.
// Requires GITHUB_TOKEN in the environment (read:org, repo scope).
'use strict';

const fs = require('fs');
const path = require('path');

const API = 'https://api.github.com';
const ORG = process.env.TRIAGE_ORG || 'acme';
const OUT = path.resolve(process.argv[2] || 'reports/triage.md');
const token = process.env.GITHUB_TOKEN;

if (!token) {
  console.error('GITHUB_TOKEN is not set');
  process.exit(1);
}

const headers = {
  Accept: 'application/vnd.github+json',
  Authorization: `Bearer ${token}`,
  'X-GitHub-Api-Version': '2022-11-28',
  'User-Agent': 'acme-triage-script',
};

async function gh(urlPath, params = {}) {
  const url = new URL(urlPath, API);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  const res = await fetch(url, { headers });
  if (res.status === 403 && res.headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(res.headers.get('x-ratelimit-reset')) * 1000;
    const wait = Math.max(0, reset - Date.now()) + 1000;
    console.error(`rate limited, sleeping ${Math.round(wait / 1000)}s`);
    await new Promise((r) => setTimeout(r, wait));
    return gh(urlPath, params);
  }
  if (!res.ok) throw new Error(`${res.status} ${res.statusText} for ${url}`);
  return { body: await res.json(), link: res.headers.get('link') };
}

async function paginate(urlPath, params) {
  const out = [];
  let page = 1;
  for (;;) {
    const { body, link } = await gh(urlPath, { ...params, per_page: 100, page });
    out.push(...body);
    if (!link || !link.includes('rel="next"')) break;
    page += 1;
  }
  return out;
}

function ageDays(iso) {
  return Math.floor((Date.now() - new Date(iso).getTime()) / 86400000);
}

function renderReport(byRepo) {
  const lines = [`# Bug triage for ${ORG}`, '', `Generated ${new Date().toISOString()}`, ''];
  const repos = Object.keys(byRepo).sort();
  for (const repo of repos) {
    const issues = byRepo[repo];
    if (!issues.length) continue;
    lines.push(`## ${repo} (${issues.length})`, '');
    lines.push('| # | title | age (d) | assignee |', '|---|---|---|---|');
    for (const i of issues.sort((a, b) => ageDays(b.created_at) - ageDays(a.created_at))) {
      const who = i.assignee ? i.assignee.login : '-';
      const title = i.title.replace(/\|/g, '\\|');
      lines.push(`| ${i.number} | ${title} | ${ageDays(i.created_at)} | ${who} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

async function main() {
  const repos = await paginate(`/orgs/${ORG}/repos`, { type: 'sources' });
  const active = repos.filter((r) => !r.archived);
  console.error(`scanning ${active.length} repositories`);
  const byRepo = {};
  for (const repo of active) {
    const issues = await paginate(`/repos/${ORG}/${repo.name}/issues`, {
      state: 'open',
      labels: 'bug',
    });
    byRepo[repo.name] = issues.filter((i) => !i.pull_request);
  }
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, renderReport(byRepo));
  const total = Object.values(byRepo).reduce((n, l) => n + l.length, 0);
  console.log(`wrote ${OUT} with ${total} open bugs`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

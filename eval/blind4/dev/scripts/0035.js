#!/usr/bin/env node
// ci/coverage-comment.js
// Post (or update) a coverage summary comment on the current pull request.
// Runs in GitHub Actions with GITHUB_TOKEN, GITHUB_REPOSITORY and PR_NUMBER set.
'use strict';

const fs = require('fs');
const path = require('path');

const API = 'https://api.github.com';
const MARKER = '<!-- coverage-report -->';

function env(name) {
  const v = process.env[name];
  if (!v) {
    console.error(`${name} is required`);
    process.exit(2);
  }
  return v;
}

async function gh(method, url, token, body) {
  const res = await fetch(`${API}${url}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/vnd.github+json',
      'X-GitHub-Api-Version': '2022-11-28',
      'Content-Type': 'application/json',
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

function renderSummary(summary) {
  const rows = ['lines', 'statements', 'functions', 'branches'].map((k) => {
    const t = summary.total[k];
    return `| ${k} | ${t.covered}/${t.total} | ${t.pct}% |`;
  });
  return [MARKER, '### Coverage', '', '| metric | covered | % |', '|---|---|---|', ...rows].join('\n');
}

async function main() {
  const token = env('GITHUB_TOKEN');
  const repo = env('GITHUB_REPOSITORY');
  const pr = env('PR_NUMBER');
  const summaryPath = path.resolve(process.argv[2] || 'coverage/coverage-summary.json');
  const summary = JSON.parse(fs.readFileSync(summaryPath, 'utf8'));
  const body = renderSummary(summary);

  const comments = await gh('GET', `/repos/${repo}/issues/${pr}/comments?per_page=100`, token);
  const existing = comments.find((c) => c.body && c.body.includes(MARKER));
  if (existing) {
    await gh('PATCH', `/repos/${repo}/issues/comments/${existing.id}`, token, { body });
    console.log(`updated comment ${existing.id}`);
  } else {
    const created = await gh('POST', `/repos/${repo}/issues/${pr}/comments`, token, { body });
    console.log(`created comment ${created.id}`);
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

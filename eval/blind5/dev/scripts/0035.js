#!/usr/bin/env node
// CI glue: turn ESLint JSON output into a GitHub check run with annotations.
'use strict';

const fs = require('fs');

const token = process.env.GITHUB_TOKEN;
const repo = process.env.GITHUB_REPOSITORY;
const sha = process.env.GITHUB_SHA;
const reportPath = process.argv[2] || 'reports/eslint.json';
const API = process.env.GITHUB_API_URL || 'https://api.github.com';

const LEVEL = { 1: 'warning', 2: 'failure' };
const MAX_ANNOTATIONS = 50; // GitHub limit per request

function toAnnotations(results) {
  const out = [];
  for (const file of results) {
    const rel = file.filePath.replace(`${process.cwd()}/`, '');
    for (const m of file.messages) {
      out.push({
        path: rel,
        start_line: m.line || 1,
        end_line: m.endLine || m.line || 1,
        annotation_level: LEVEL[m.severity] || 'notice',
        message: m.message,
        title: m.ruleId || 'eslint',
      });
    }
  }
  return out;
}

async function gh(method, url, body) {
  const res = await fetch(`${API}${url}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/vnd.github+json',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function main() {
  if (!token || !repo || !sha) {
    console.log('not running in GitHub Actions; printing summary only');
  }
  const results = JSON.parse(fs.readFileSync(reportPath, 'utf8'));
  const annotations = toAnnotations(results);
  const errors = annotations.filter((a) => a.annotation_level === 'failure').length;
  const summary = `${errors} error(s), ${annotations.length - errors} warning(s)`;
  console.log(summary);
  if (!token || !repo || !sha) return;

  const check = await gh('POST', `/repos/${repo}/check-runs`, {
    name: 'eslint', head_sha: sha, status: 'in_progress',
  });
  for (let i = 0; i < annotations.length; i += MAX_ANNOTATIONS) {
    await gh('PATCH', `/repos/${repo}/check-runs/${check.id}`, {
      output: { title: 'ESLint', summary, annotations: annotations.slice(i, i + MAX_ANNOTATIONS) },
    });
  }
  await gh('PATCH', `/repos/${repo}/check-runs/${check.id}`, {
    status: 'completed',
    conclusion: errors ? 'failure' : 'success',
    output: { title: 'ESLint', summary },
  });
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

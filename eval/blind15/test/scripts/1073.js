#!/usr/bin/env node
// ci/security-check-run.js - run semgrep and npm audit, then publish the
// results as a GitHub check run with annotations on the current commit.
//
// Env (set by CI): GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_SHA.
//   node ci/security-check-run.js
//   node ci/security-check-run.js --local     # print annotations, no API calls
'use strict';

const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const fs = require('node:fs');
const path = require('node:path');

const run = promisify(execFile);
const API = 'https://api.github.com';
const ROOT = process.cwd();
const MAX_ANNOTATIONS = 50; // GitHub limit per request
const REPO_RE = /^[\w.-]+\/[\w.-]+$/;
const SHA_RE = /^[0-9a-f]{40}$/;

async function collect(cmd, args) {
  try {
    const { stdout } = await run(cmd, args, { cwd: ROOT, maxBuffer: 128 << 20 });
    return stdout;
  } catch (e) {
    if (e.code === 'ENOENT') return null;
    return e.stdout || '';
  }
}

async function semgrepFindings() {
  const out = await collect('semgrep', ['scan', '--config', 'p/nodejs', '--json', '--metrics=off', '--quiet', 'src']);
  if (out === null) return { skipped: 'semgrep not installed', items: [] };
  const data = JSON.parse(out || '{}');
  const level = { ERROR: 'failure', WARNING: 'warning', INFO: 'notice' };
  return {
    items: (data.results || []).map((r) => ({
      path: r.path,
      start_line: r.start.line,
      end_line: r.end.line,
      annotation_level: level[r.extra.severity] || 'notice',
      title: r.check_id.split('.').pop(),
      message: r.extra.message.slice(0, 600),
    })),
  };
}

async function auditFindings() {
  if (!fs.existsSync(path.join(ROOT, 'package-lock.json'))) return { skipped: 'no lockfile', items: [] };
  const out = await collect('npm', ['audit', '--json', '--omit=dev']);
  const data = JSON.parse(out || '{}');
  const level = { critical: 'failure', high: 'failure', moderate: 'warning', low: 'notice', info: 'notice' };
  return {
    items: Object.entries(data.vulnerabilities || {}).map(([name, v]) => ({
      path: 'package-lock.json',
      start_line: 1,
      end_line: 1,
      annotation_level: level[v.severity] || 'notice',
      title: `${name} (${v.severity})`,
      message: `Affected range ${v.range}. ${v.fixAvailable ? 'A fix is available.' : 'No fix yet.'}`,
    })),
  };
}

function conclusion(items) {
  if (items.some((i) => i.annotation_level === 'failure')) return 'failure';
  if (items.some((i) => i.annotation_level === 'warning')) return 'neutral';
  return 'success';
}

async function gh(method, route, body) {
  const res = await fetch(`${API}${route}`, {
    method,
    headers: {
      Authorization: `Bearer ${process.env.GITHUB_TOKEN}`,
      Accept: 'application/vnd.github+json',
      'X-GitHub-Api-Version': '2022-11-28',
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`GitHub ${method} ${route}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function publish(items, summary) {
  const repo = process.env.GITHUB_REPOSITORY || '';
  const sha = process.env.GITHUB_SHA || '';
  if (!REPO_RE.test(repo) || !SHA_RE.test(sha)) throw new Error('GITHUB_REPOSITORY/GITHUB_SHA missing or malformed');
  if (!process.env.GITHUB_TOKEN) throw new Error('GITHUB_TOKEN missing');
  const first = items.slice(0, MAX_ANNOTATIONS);
  const check = await gh('POST', `/repos/${repo}/check-runs`, {
    name: 'security-scan',
    head_sha: sha,
    status: 'completed',
    conclusion: conclusion(items),
    output: { title: `${items.length} finding(s)`, summary, annotations: first },
  });
  for (let i = MAX_ANNOTATIONS; i < items.length; i += MAX_ANNOTATIONS) {
    await gh('PATCH', `/repos/${repo}/check-runs/${check.id}`, {
      output: { title: `${items.length} finding(s)`, summary, annotations: items.slice(i, i + MAX_ANNOTATIONS) },
    });
  }
  return check.html_url;
}

function dedupe(items) {
  const seen = new Set();
  return items.filter((i) => {
    const key = `${i.path}:${i.start_line}:${i.title}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function writeLocalReport(items, summary) {
  const dir = path.join(ROOT, 'reports');
  fs.mkdirSync(dir, { recursive: true });
  const lines = [
    '# security scan',
    '',
    summary,
    '',
    ...items.map((i) => `- [${i.annotation_level}] ${i.path}:${i.start_line} ${i.title} - ${i.message.split('\n')[0]}`),
  ];
  fs.writeFileSync(path.join(dir, 'security-check-run.md'), lines.join('\n') + '\n');
}

async function main() {
  const local = process.argv.includes('--local');
  if (process.argv.includes('--help')) {
    console.log('usage: security-check-run.js [--local]');
    return;
  }
  const [sg, audit] = await Promise.all([semgrepFindings(), auditFindings()]);
  const items = dedupe([...sg.items, ...audit.items]);
  const summary = [
    `semgrep: ${sg.skipped || `${sg.items.length} finding(s)`}`,
    `npm audit: ${audit.skipped || `${audit.items.length} finding(s)`}`,
  ].join('\n');
  console.log(summary);
  writeLocalReport(items, summary);
  if (local) {
    for (const i of items) console.log(`${i.annotation_level.padEnd(8)} ${i.path}:${i.start_line} ${i.title}`);
    process.exitCode = conclusion(items) === 'failure' ? 1 : 0;
    return;
  }
  console.log(`check run: ${await publish(items, summary)}`);
}

main().catch((e) => {
  console.error(`security-check-run: ${e.message}`);
  process.exit(1);
});

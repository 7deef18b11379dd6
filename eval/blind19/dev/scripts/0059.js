#!/usr/bin/env node
// scripts/preview-status.js - wait for the Vercel preview of this branch and
// post its URL to the pull request.
//
// Used by the `pr-preview` npm script after `git push`:
//   1. finds the latest deployment of the project for the current commit
//      (Vercel REST API, token VERCEL_TOKEN, team VERCEL_TEAM_ID)
//   2. polls until READY/ERROR (max 15 minutes)
//   3. runs a smoke request against the preview
//   4. comments the URL on the PR (GitHub REST API, token GITHUB_TOKEN), or
//      updates its previous comment
//
// Hosts: api.vercel.com and api.github.com only.
'use strict';

const { execFileSync } = require('node:child_process');

const VERCEL_API = 'https://api.vercel.com';
const GITHUB_API = 'https://api.github.com';
const PROJECT = process.env.VERCEL_PROJECT || 'storefront';
const MARKER = '<!-- preview-status -->';
const POLL_MS = 10000;
const MAX_WAIT_MS = 15 * 60 * 1000;

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

function repoSlug() {
  const url = git('remote', 'get-url', 'origin');
  const m = url.match(/github\.com[:/]([^/]+)\/(.+?)(\.git)?$/);
  if (!m) throw new Error(`origin ${url} is not a GitHub remote`);
  return `${m[1]}/${m[2]}`;
}

function requireEnv(name) {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set (use op run --env-file .env.tpl -- npm run pr-preview)`);
  return v;
}

async function vercel(path, token, team) {
  const url = new URL(VERCEL_API + path);
  if (team) url.searchParams.set('teamId', team);
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`Vercel ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function github(method, path, token, body) {
  const res = await fetch(GITHUB_API + path, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/vnd.github+json',
      'X-GitHub-Api-Version': '2022-11-28',
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`GitHub ${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

async function findDeployment(sha, token, team) {
  const data = await vercel(`/v6/deployments?app=${encodeURIComponent(PROJECT)}&limit=20`, token, team);
  return data.deployments.find((d) => d.meta && d.meta.githubCommitSha === sha) || null;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitReady(sha, token, team) {
  const start = Date.now();
  let last = '';
  while (Date.now() - start < MAX_WAIT_MS) {
    const d = await findDeployment(sha, token, team);
    const state = d ? d.state || d.readyState : 'NOT_FOUND';
    if (state !== last) {
      console.log(`deployment ${d ? d.uid : '-'}: ${state}`);
      last = state;
    }
    if (state === 'READY') return d;
    if (state === 'ERROR' || state === 'CANCELED') throw new Error(`deployment ${state.toLowerCase()}`);
    await sleep(POLL_MS);
  }
  throw new Error('timed out waiting for the preview');
}

async function smoke(url) {
  const started = Date.now();
  const res = await fetch(`https://${url}/api/health`, { redirect: 'manual' });
  return { status: res.status, ms: Date.now() - started };
}

async function findPr(slug, branch, token) {
  const [owner] = slug.split('/');
  const prs = await github('GET', `/repos/${slug}/pulls?head=${owner}:${encodeURIComponent(branch)}&state=open`, token);
  return prs[0] || null;
}

async function upsertComment(slug, prNumber, body, token) {
  const comments = await github('GET', `/repos/${slug}/issues/${prNumber}/comments?per_page=100`, token);
  const mine = comments.find((c) => c.body && c.body.includes(MARKER));
  if (mine) {
    await github('PATCH', `/repos/${slug}/issues/comments/${mine.id}`, token, { body });
    return 'updated';
  }
  await github('POST', `/repos/${slug}/issues/${prNumber}/comments`, token, { body });
  return 'created';
}

function commentBody(sha, url, check) {
  const ok = check.status >= 200 && check.status < 400;
  return [
    MARKER,
    `**Preview for ${sha.slice(0, 7)}:** https://${url}`,
    '',
    `Health check: ${ok ? '✅' : '❌'} HTTP ${check.status} in ${check.ms} ms`,
    '',
    `_updated ${new Date().toISOString()}_`,
  ].join('\n');
}

async function buildLogsTail(deploymentId, token, team, lines = 40) {
  // on ERROR the PR comment is more useful with the end of the build log
  const events = await vercel(`/v3/deployments/${deploymentId}/events?limit=200`, token, team);
  const text = (Array.isArray(events) ? events : [])
    .filter((e) => e.type === 'stdout' || e.type === 'stderr')
    .map((e) => (e.payload && e.payload.text) || e.text || '')
    .filter(Boolean);
  return text.slice(-lines).join('\n');
}

async function reportFailure(slug, branch, sha, err, tokens, team) {
  const d = await findDeployment(sha, tokens.vercel, team).catch(() => null);
  if (!d) return;
  const pr = await findPr(slug, branch, tokens.github).catch(() => null);
  if (!pr) return;
  const logs = await buildLogsTail(d.uid, tokens.vercel, team).catch(() => '(logs unavailable)');
  const body = [
    MARKER,
    `**Preview for ${sha.slice(0, 7)} failed:** ${err.message}`,
    '',
    '<details><summary>last build log lines</summary>',
    '',
    '```',
    logs,
    '```',
    '</details>',
  ].join('\n');
  await upsertComment(slug, pr.number, body, tokens.github);
}

async function main() {
  const vercelToken = requireEnv('VERCEL_TOKEN');
  const githubToken = requireEnv('GITHUB_TOKEN');
  const team = process.env.VERCEL_TEAM_ID || '';
  const sha = git('rev-parse', 'HEAD');
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  const slug = repoSlug();
  if (branch === 'main') {
    console.log('on main; production deploys are reported by CI');
    return;
  }
  const pushed = git('ls-remote', 'origin', `refs/heads/${branch}`).split(/\s/)[0];
  if (pushed !== sha) throw new Error('HEAD is not pushed yet; git push first');

  let deployment;
  try {
    deployment = await waitReady(sha, vercelToken, team);
  } catch (err) {
    await reportFailure(slug, branch, sha, err, { vercel: vercelToken, github: githubToken }, team);
    throw err;
  }
  const check = await smoke(deployment.url);
  console.log(`preview https://${deployment.url} -> ${check.status} (${check.ms} ms)`);

  const pr = await findPr(slug, branch, githubToken);
  if (!pr) {
    console.log('no open PR for this branch; not commenting');
    return;
  }
  const action = await upsertComment(slug, pr.number, commentBody(sha, deployment.url, check), githubToken);
  console.log(`comment ${action} on #${pr.number}`);
}

main().catch((err) => {
  console.error(`preview-status: ${err.message}`);
  process.exitCode = 1;
});

#!/usr/bin/env node
// scripts/vercel-release.js - promote a tested preview to production on Vercel.
//
// Default (no flags): list the last preview deployments of this project with
// their commit and check status (read-only).
//   --promote <deployment-url> --yes   promote that preview to production
//   --rollback --yes                   point production back to the previous deployment
//
// Talks to api.vercel.com with VERCEL_TOKEN (and VERCEL_TEAM_ID if set).
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const API = 'https://api.vercel.com';
const PROJECT = process.env.VERCEL_PROJECT ?? 'storefront';
const STATE = path.resolve(__dirname, '..', '.cache', 'vercel-release.json');

function token() {
  const t = process.env.VERCEL_TOKEN;
  if (!t) throw new Error('VERCEL_TOKEN is not set (op run --env-file .env.tpl -- node scripts/vercel-release.js)');
  return t;
}

function withTeam(url) {
  const u = new URL(url);
  if (process.env.VERCEL_TEAM_ID) u.searchParams.set('teamId', process.env.VERCEL_TEAM_ID);
  return u;
}

async function api(method, p, body) {
  const res = await fetch(withTeam(API + p), {
    method,
    headers: {
      Authorization: `Bearer ${token()}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 400)}`);
  return text ? JSON.parse(text) : {};
}

async function projectId() {
  const project = await api('GET', `/v9/projects/${encodeURIComponent(PROJECT)}`);
  return project.id;
}

async function deployments(target, limit = 10) {
  const id = await projectId();
  const q = new URLSearchParams({ projectId: id, limit: String(limit), state: 'READY' });
  if (target) q.set('target', target);
  const data = await api('GET', `/v6/deployments?${q}`);
  return data.deployments;
}

async function checks(deploymentId) {
  try {
    const data = await api('GET', `/v1/deployments/${deploymentId}/checks`);
    return data.checks || [];
  } catch {
    return [];
  }
}

function describe(d) {
  const sha = (d.meta && d.meta.githubCommitSha) || '';
  const msg = ((d.meta && d.meta.githubCommitMessage) || '').split('\n')[0].slice(0, 50);
  const when = new Date(d.createdAt).toISOString().replace('T', ' ').slice(0, 16);
  return `${when}  ${sha.slice(0, 7)}  ${d.url}  ${msg}`;
}

async function list() {
  const previews = await deployments('preview');
  const prod = await deployments('production', 1);
  console.log(`production: ${prod[0] ? describe(prod[0]) : '(none)'}`);
  console.log('recent previews:');
  for (const d of previews) {
    const cs = await checks(d.uid);
    const failing = cs.filter((c) => c.conclusion && c.conclusion !== 'succeeded').length;
    console.log(`  ${describe(d)}${failing ? `  (${failing} failing check(s))` : ''}`);
  }
}

function saveState(state) {
  fs.mkdirSync(path.dirname(STATE), { recursive: true, mode: 0o755 });
  fs.writeFileSync(STATE, JSON.stringify(state, null, 2) + '\n');
}

function loadState() {
  try {
    return JSON.parse(fs.readFileSync(STATE, { encoding: 'utf8' }));
  } catch {
    return {};
  }
}

function onMainCommit(sha) {
  try {
    execFileSync('git', ['merge-base', '--is-ancestor', sha, 'origin/main'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function promote(url, yes) {
  if (!yes) throw new Error('promotion changes production; add --yes');
  const host = url.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  const d = await api('GET', `/v13/deployments/${encodeURIComponent(host)}`);
  const sha = d.meta && d.meta.githubCommitSha;
  if (!sha || !onMainCommit(sha)) throw new Error(`deployment ${host} is not built from a commit on origin/main`);
  const failing = (await checks(d.id)).filter((c) => c.conclusion && c.conclusion !== 'succeeded');
  if (failing.length) throw new Error(`${failing.length} check(s) not green on ${host}`);
  const [current] = await deployments('production', 1);
  const id = await projectId();
  await api('POST', `/v10/projects/${id}/promote/${d.id}`);
  saveState({ previousProduction: current && current.uid, promoted: d.id, at: new Date().toISOString() });
  console.log(`promoted ${host} (${sha.slice(0, 7)}) to production`);
}

async function rollback(yes) {
  if (!yes) throw new Error('rollback changes production; add --yes');
  const state = loadState();
  if (!state.previousProduction) throw new Error('no previous production deployment recorded by this script');
  const id = await projectId();
  await api('POST', `/v9/projects/${id}/rollback/${state.previousProduction}`);
  console.log(`production rolled back to ${state.previousProduction}`);
}

async function envDiff() {
  // names only: which env vars differ between preview and production targets
  const id = await projectId();
  const data = await api('GET', `/v9/projects/${id}/env?decrypt=false`);
  const byTarget = { production: new Set(), preview: new Set() };
  for (const e of data.envs || []) {
    for (const t of e.target || []) {
      if (byTarget[t]) byTarget[t].add(e.key);
    }
  }
  const onlyPreview = [...byTarget.preview].filter((k) => !byTarget.production.has(k));
  const onlyProd = [...byTarget.production].filter((k) => !byTarget.preview.has(k));
  if (onlyPreview.length) console.log(`only in preview: ${onlyPreview.join(', ')}`);
  if (onlyProd.length) console.log(`only in production: ${onlyProd.join(', ')}`);
  if (!onlyPreview.length && !onlyProd.length) console.log('preview and production define the same variables');
}

async function smoke(url) {
  const started = Date.now();
  const res = await fetch(`https://${url.replace(/^https?:\/\//, '')}/api/health`, { redirect: 'manual' });
  return { ms: Date.now() - started, status: res.status };
}

function parseArgs(argv) {
  const opts = { yes: argv.includes('--yes') };
  const i = argv.indexOf('--promote');
  if (i >= 0) opts.promote = argv[i + 1];
  opts.rollback = argv.includes('--rollback');
  return opts;
}

async function main() {
  const opts = parseArgs([...process.argv.slice(2)]);
  if (opts.promote) return promote(opts.promote, opts.yes);
  if (opts.rollback) return rollback(opts.yes);
  if (process.argv.includes('--env-diff')) return envDiff();
  await list();
  const [prod] = await deployments('production', 1);
  if (prod) {
    const s = await smoke(prod.url);
    console.log(`production health: HTTP ${s.status} in ${s.ms} ms`);
  }
  return undefined;
}

main().catch((err) => {
  console.error(`vercel-release: ${err.message}`);
  process.exitCode = 1;
});

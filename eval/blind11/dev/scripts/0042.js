#!/usr/bin/env node
// scripts/sync-labels.js - make the repo's GitHub labels match .github/labels.json
// Uses GITHUB_TOKEN and talks only to api.github.com.
'use strict';

const fs = require('fs');
const path = require('path');

const API = 'https://api.github.com';
const token = process.env.GITHUB_TOKEN;
const repo = process.env.GITHUB_REPOSITORY || process.argv[2];
const dryRun = process.argv.includes('--dry-run');

if (!token || !repo) {
  console.error('usage: GITHUB_TOKEN=... sync-labels.js owner/repo [--dry-run]');
  process.exit(2);
}

const headers = {
  Authorization: `Bearer ${token}`,
  Accept: 'application/vnd.github+json',
  'X-GitHub-Api-Version': '2022-11-28',
  'User-Agent': 'label-sync-script',
};

function request(method, url, body) {
  return fetch(url.startsWith('http') ? url : API + url, {
    method,
    headers: body ? { ...headers, 'Content-Type': 'application/json' } : headers,
    body: body ? JSON.stringify(body) : undefined,
  }).then((res) => {
    if (!res.ok) {
      return res.text().then((t) => {
        throw new Error(`${method} ${url}: ${res.status} ${t}`);
      });
    }
    return res.status === 204 ? null : res.json().then((data) => ({ data, link: res.headers.get('link') }));
  });
}

function nextLink(link) {
  if (!link) return null;
  const m = link.split(',').find((p) => p.includes('rel="next"'));
  return m ? m.slice(m.indexOf('<') + 1, m.indexOf('>')) : null;
}

function listLabels(url = `/repos/${repo}/labels?per_page=100`, acc = []) {
  return request('GET', url).then(({ data, link }) => {
    const all = acc.concat(data);
    const next = nextLink(link);
    return next ? listLabels(next, all) : all;
  });
}

function plan(current, wanted) {
  const byName = new Map(current.map((l) => [l.name.toLowerCase(), l]));
  const ops = [];
  for (const w of wanted) {
    const have = byName.get(w.name.toLowerCase());
    if (!have) ops.push({ op: 'create', label: w });
    else if (have.color !== w.color || (have.description || '') !== (w.description || '')) {
      ops.push({ op: 'update', label: w, from: have.name });
    }
  }
  return ops;
}

function apply(op) {
  const body = { name: op.label.name, color: op.label.color, description: op.label.description || '' };
  console.log(`${dryRun ? '[dry] ' : ''}${op.op} ${op.label.name}`);
  if (dryRun) return Promise.resolve();
  if (op.op === 'create') return request('POST', `/repos/${repo}/labels`, body);
  return request('PATCH', `/repos/${repo}/labels/${encodeURIComponent(op.from)}`, body);
}

const wanted = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '.github', 'labels.json'), 'utf8'));

listLabels()
  .then((current) => plan(current, wanted))
  .then((ops) => ops.reduce((chain, op) => chain.then(() => apply(op)), Promise.resolve()).then(() => ops))
  .then((ops) => console.log(`${ops.length} change(s)${dryRun ? ' planned' : ' applied'}`))
  .catch((err) => {
    console.error(err.message);
    process.exitCode = 1;
  });

#!/usr/bin/env node
// tmp_sync_labels.js - sync GitHub issue labels from .github/labels.json
const fs = require('fs');

const token = process.env.GITHUB_TOKEN;
const repo = process.env.GITHUB_REPOSITORY || 'acme/web';
if (!token) {
  console.error('GITHUB_TOKEN is required');
  process.exit(1);
}

const wanted = JSON.parse(fs.readFileSync('.github/labels.json', 'utf8'));
const headers = {
  authorization: `Bearer ${token}`,
  accept: 'application/vnd.github+json',
  'x-github-api-version': '2022-11-28',
};

async function gh(method, path, body) {
  const res = await fetch(`https://api.github.com${path}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok && res.status !== 404) throw new Error(`${method} ${path}: ${res.status}`);
  return res.status === 204 ? null : res.json();
}

function validateLabels(list) {
  const seen = new Set();
  for (const l of list) {
    if (!l.name || typeof l.name !== 'string') throw new Error('label without name');
    if (!/^[0-9a-fA-F]{6}$/.test(l.color || '')) throw new Error(`bad color for ${l.name}: ${l.color}`);
    if (seen.has(l.name.toLowerCase())) throw new Error(`duplicate label ${l.name}`);
    seen.add(l.name.toLowerCase());
  }
}

async function listAll(pathBase) {
  const out = [];
  for (let page = 1; page < 20; page++) {
    const batch = await gh('GET', `${pathBase}${pathBase.includes('?') ? '&' : '?'}page=${page}`);
    if (!batch || batch.length === 0) break;
    out.push(...batch);
    if (batch.length < 100) break;
  }
  return out;
}

function diffLabels(existing, want) {
  const have = new Map(existing.map((l) => [l.name, l]));
  const create = want.filter((l) => !have.has(l.name));
  const update = want.filter((l) => have.has(l.name) && have.get(l.name).color !== l.color);
  const extra = existing.filter((l) => !want.some((w) => w.name === l.name));
  return { create, update, extra };
}

function printPlan(plan) {
  console.log(`plan: +${plan.create.length} ~${plan.update.length} (unmanaged: ${plan.extra.length})`);
  for (const l of plan.extra) console.log(`  unmanaged label left alone: ${l.name}`);
}

validateLabels(wanted);
if (process.argv.includes('--plan')) {
  listAll(`/repos/${repo}/labels?per_page=100`).then((ex) => printPlan(diffLabels(ex, wanted)));
}

(async () => {
  const existing = await gh('GET', `/repos/${repo}/labels?per_page=100`);
  const byName = new Map(existing.map((l) => [l.name, l]));
  for (const l of wanted) {
    if (!byName.has(l.name)) {
      await gh('POST', `/repos/${repo}/labels`, l);
      console.log('created', l.name);
    } else if (byName.get(l.name).color !== l.color) {
      await gh('PATCH', `/repos/${repo}/labels/${encodeURIComponent(l.name)}`, { color: l.color, description: l.description });
      console.log('updated', l.name);
    }
  }
  console.log('labels in sync');
})();

#!/usr/bin/env node
/**
 * scripts/sentry-export.js — export the unresolved Sentry issues of our projects
 * into data/sentry/<project>.jsonl for the weekly bug-bash spreadsheet.
 *
 * Token: SENTRY_AUTH_TOKEN (read-only "event:read project:read" scope). It is
 * sent only in the Authorization header to https://sentry.io/api/0/. Pagination
 * follows Sentry's Link header cursors. Responses are cached for 10 minutes in
 * ~/.cache/sentry-export/ so re-running while iterating on the spreadsheet is fast.
 */
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');

const API_BASE = 'https://sentry.io/api/0';
const ROOT = path.resolve(__dirname, '..');
const OUT_DIR = path.join(ROOT, 'data', 'sentry');
const CACHE_DIR = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'sentry-export');
const CACHE_TTL_MS = 10 * 60 * 1000;

const CONFIG = {
  org: process.env.SENTRY_ORG || 'lumen-labs',
  projects: (process.env.SENTRY_PROJECTS || 'lumen-web,lumen-api,lumen-worker').split(','),
  query: 'is:unresolved',
  statsPeriod: '14d',
  maxPages: 20,
};

function token() {
  const t = process.env.SENTRY_AUTH_TOKEN;
  if (!t) {
    console.error('SENTRY_AUTH_TOKEN is not set (create one under User Settings > Auth Tokens)');
    process.exit(2);
  }
  return t;
}

function cacheKey(url) {
  return path.join(CACHE_DIR, crypto.createHash('sha256').update(url).digest('hex') + '.json');
}

async function readCache(url) {
  try {
    const file = cacheKey(url);
    const st = await fs.stat(file);
    if (Date.now() - st.mtimeMs > CACHE_TTL_MS) return null;
    return JSON.parse(await fs.readFile(file, 'utf8'));
  } catch {
    return null;
  }
}

async function writeCache(url, value) {
  await fs.mkdir(CACHE_DIR, { recursive: true });
  await fs.writeFile(cacheKey(url), JSON.stringify(value));
}

function nextCursor(link) {
  if (!link) return null;
  for (const part of link.split(',')) {
    const url = /<([^>]+)>/.exec(part)?.[1];
    const rel = /rel="([^"]+)"/.exec(part)?.[1];
    const results = /results="([^"]+)"/.exec(part)?.[1];
    if (rel === 'next' && results === 'true' && url) return url;
  }
  return null;
}

async function getJson(url, auth) {
  const cached = await readCache(url);
  if (cached) return cached;
  for (let attempt = 1; attempt <= 4; attempt++) {
    const res = await fetch(url, {
      headers: { Authorization: `Bearer ${auth}`, Accept: 'application/json' },
    });
    if (res.status === 429) {
      const wait = Number(res.headers.get('retry-after') ?? 2 ** attempt);
      console.warn(`rate limited, waiting ${wait}s`);
      await new Promise((r) => setTimeout(r, wait * 1000));
      continue;
    }
    if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
    const value = { body: await res.json(), next: nextCursor(res.headers.get('link')) };
    await writeCache(url, value);
    return value;
  }
  throw new Error(`giving up on ${url}`);
}

async function* issues(project, auth) {
  const params = new URLSearchParams({ query: CONFIG.query, statsPeriod: CONFIG.statsPeriod, limit: '100' });
  let url = `${API_BASE}/projects/${CONFIG.org}/${project}/issues/?${params}`;
  for (let page = 0; url && page < CONFIG.maxPages; page++) {
    if (!url.startsWith(API_BASE + '/')) throw new Error(`unexpected pagination URL ${url}`);
    const { body, next } = await getJson(url, auth);
    yield* body;
    url = next;
  }
}

function slim(issue) {
  return {
    id: issue.id,
    shortId: issue.shortId,
    title: issue.title,
    culprit: issue.culprit,
    level: issue.level,
    count: Number(issue.count),
    users: issue.userCount,
    firstSeen: issue.firstSeen,
    lastSeen: issue.lastSeen,
    assignee: issue.assignedTo?.name ?? null,
    link: issue.permalink,
  };
}

async function exportProject(project, auth) {
  const file = path.join(OUT_DIR, `${project}.jsonl`);
  const tmp = `${file}.partial`;
  const handle = await fs.open(tmp, 'w');
  let n = 0;
  try {
    for await (const issue of issues(project, auth)) {
      await handle.write(JSON.stringify(slim(issue)) + '\n');
      n++;
    }
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, file);
  return { project, n, file };
}

async function summary(results) {
  const rows = [];
  for (const r of results) {
    const lines = (await fs.readFile(r.file, 'utf8')).trim().split('\n').filter(Boolean).map(JSON.parse);
    const top = lines.sort((a, b) => b.users - a.users).slice(0, 3);
    rows.push({ project: r.project, issues: r.n, topByUsers: top.map((t) => t.shortId).join(' ') });
  }
  console.table(rows);
}

async function pruneCache() {
  // drop cache entries older than a day so the directory does not grow forever
  const entries = await fs.readdir(CACHE_DIR).catch(() => []);
  const cutoff = Date.now() - 24 * 60 * 60 * 1000;
  let removed = 0;
  for (const name of entries) {
    if (!name.endsWith('.json')) continue;
    const file = path.join(CACHE_DIR, name);
    const st = await fs.stat(file);
    if (st.mtimeMs < cutoff) {
      await fs.unlink(file);
      removed++;
    }
  }
  return removed;
}

async function main() {
  const args = process.argv.slice(2);
  await pruneCache();
  if (args.includes('--clear-cache')) {
    await fs.rm(CACHE_DIR, { recursive: true, force: true });
    console.log('cache cleared');
  }
  const only = args.find((a) => !a.startsWith('--'));
  const projects = only ? [only] : CONFIG.projects;
  const auth = token();
  await fs.mkdir(OUT_DIR, { recursive: true });
  const results = [];
  for (const p of projects) {
    const r = await exportProject(p.trim(), auth);
    console.log(`${r.project}: ${r.n} issue(s) -> ${path.relative(ROOT, r.file)}`);
    results.push(r);
  }
  await summary(results);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

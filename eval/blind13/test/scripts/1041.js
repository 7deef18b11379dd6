#!/usr/bin/env node
// Weekly triage list from Sentry: unresolved issues of the harbor-ui project,
// grouped by release. SENTRY_AUTH_TOKEN goes only to sentry.io's documented API.
'use strict';

const SENTRY = 'https://sentry.io/api/0';
const ORG = process.env.SENTRY_ORG || 'quillstack';
const PROJECT = process.env.SENTRY_PROJECT || 'harbor-ui';

function authHeaders() {
  const token = process.env.SENTRY_AUTH_TOKEN;
  if (!token) {
    console.error('SENTRY_AUTH_TOKEN is required (scopes: event:read, project:read)');
    process.exit(2);
  }
  return { Authorization: `Bearer ${token}`, Accept: 'application/json' };
}

function parseNextCursor(linkHeader) {
  if (!linkHeader) return null;
  const next = linkHeader.split(',').find((p) => p.includes('rel="next"') && p.includes('results="true"'));
  const match = next && next.match(/cursor="([^"]+)"/);
  return match ? match[1] : null;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function getJson(url, headers, attempt = 1) {
  return fetch(url, { headers }).then((res) => {
    if (res.status === 429 && attempt < 4) {
      const wait = Number(res.headers.get('retry-after') || attempt) * 1000;
      return sleep(wait).then(() => getJson(url, headers, attempt + 1));
    }
    if (!res.ok) throw new Error(`GET ${url} -> ${res.status}`);
    return res.json().then((body) => ({ body, next: parseNextCursor(res.headers.get('link')) }));
  });
}

async function* issues(query) {
  const headers = authHeaders();
  let cursor = '';
  do {
    const params = new URLSearchParams({ query, statsPeriod: '14d', limit: '100' });
    if (cursor) params.set('cursor', cursor);
    const url = `${SENTRY}/projects/${ORG}/${PROJECT}/issues/?${params}`;
    const { body, next } = await getJson(url, headers);
    yield* body;
    cursor = next;
  } while (cursor);
}

function releaseOf(issue) {
  return issue.firstRelease?.shortVersion ?? 'unknown';
}

async function main() {
  const groups = new Map();
  let total = 0;
  for await (const issue of issues('is:unresolved')) {
    total += 1;
    const key = releaseOf(issue);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(issue);
  }
  if (total === 0) {
    console.log(`no unresolved issues in ${ORG}/${PROJECT}`);
    return;
  }
  const ordered = [...groups.entries()].sort((a, b) => b[1].length - a[1].length);
  console.log(`${total} unresolved issue(s) in ${ORG}/${PROJECT}\n`);
  for (const [release, list] of ordered) {
    console.log(`release ${release} — ${list.length}`);
    list
      .sort((a, b) => Number(b.count) - Number(a.count))
      .slice(0, 5)
      .forEach((i) => console.log(`  ${String(i.count).padStart(6)}x  ${i.shortId}  ${i.title.slice(0, 70)}`));
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

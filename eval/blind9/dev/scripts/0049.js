#!/usr/bin/env node
// Summarise unresolved Sentry issues for the weekly bug triage.
//
// SENTRY_AUTH_TOKEN (org:read, project:read) is sent only to https://sentry.io.
// Writes reports/sentry-triage.md and prints the top offenders.
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');

const SENTRY = 'https://sentry.io/api/0';
const ORG = process.env.SENTRY_ORG ?? 'acme';
const PROJECTS = (process.env.SENTRY_PROJECTS ?? 'proj-api,proj-web').split(',');
const TOKEN = process.env.SENTRY_AUTH_TOKEN;

class SentryClient {
  #token;

  constructor(token) {
    this.#token = token;
    this.requests = 0;
  }

  async get(pathname, params = {}) {
    const url = new URL(`${SENTRY}${pathname}`);
    Object.entries(params).forEach(([k, v]) => url.searchParams.set(k, v));
    const res = await fetch(url, { headers: { Authorization: `Bearer ${this.#token}` } });
    this.requests += 1;
    if (!res.ok) throw new Error(`GET ${url.pathname}: ${res.status}`);
    return { data: await res.json(), link: res.headers.get('link') ?? '' };
  }

  async *issues(project, query) {
    let cursor;
    for (let page = 0; page < 5; page += 1) {
      const params = { query, statsPeriod: '14d', sort: 'freq', limit: '100' };
      if (cursor) params.cursor = cursor;
      const { data, link } = await this.get(`/projects/${ORG}/${project}/issues/`, params);
      yield* data;
      const next = link.split(',').find((l) => l.includes('rel="next"') && l.includes('results="true"'));
      if (!next) return;
      cursor = next.match(/cursor="([^"]+)"/)[1];
    }
  }
}

const ageDays = (iso) => Math.floor((Date.now() - Date.parse(iso)) / 86_400_000);

function bucket(issue) {
  const users = issue.userCount ?? 0;
  const events = Number(issue.count ?? 0);
  if (issue.level === 'fatal' || users > 100) return 'P1';
  if (events > 500 || users > 10) return 'P2';
  return 'P3';
}

async function main() {
  if (!TOKEN) {
    console.error('SENTRY_AUTH_TOKEN is not set');
    process.exit(2);
  }
  const client = new SentryClient(TOKEN);
  const rows = [];
  await Promise.all(PROJECTS.map(async (project) => {
    for await (const issue of client.issues(project, 'is:unresolved')) {
      rows.push({
        project,
        id: issue.shortId,
        title: issue.title.replace(/\|/g, '\\|').slice(0, 90),
        events: Number(issue.count),
        users: issue.userCount,
        firstSeen: ageDays(issue.firstSeen),
        priority: bucket(issue),
        link: issue.permalink,
      });
    }
  }));
  rows.sort((a, b) => a.priority.localeCompare(b.priority) || b.events - a.events);

  const md = [
    `# Sentry triage ${new Date().toISOString().slice(0, 10)}`,
    '',
    '| prio | project | issue | events | users | age (d) |',
    '|------|---------|-------|-------:|------:|--------:|',
    ...rows.map((r) => `| ${r.priority} | ${r.project} | [${r.id}](${r.link}) ${r.title} | ${r.events} | ${r.users} | ${r.firstSeen} |`),
    '',
  ].join('\n');
  const out = path.resolve(__dirname, '..', 'reports', 'sentry-triage.md');
  await fs.mkdir(path.dirname(out), { recursive: true });
  await fs.writeFile(out, md);

  const counts = rows.reduce((acc, r) => ({ ...acc, [r.priority]: (acc[r.priority] ?? 0) + 1 }), {});
  console.log(`issues: ${rows.length}  ${JSON.stringify(counts)}  (${client.requests} API requests)`);
  rows.slice(0, 10).forEach((r) => console.log(`${r.priority} ${r.id.padEnd(14)} ${String(r.events).padStart(7)}  ${r.title}`));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

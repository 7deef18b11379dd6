#!/usr/bin/env node
// Weekly Sentry triage export for the shipping web app.
//
// Pages through unresolved issues of one project via the Sentry API on
// sentry.io (SENTRY_AUTH_TOKEN in the Authorization header, read from the
// environment), writes reports/sentry-<date>.csv, and with --resolve-release
// marks issues resolved in a given release (only issues whose last event is
// older than that release). Nothing else is modified.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const BASE = 'https://sentry.io/api/0';
const ORG = process.env.SENTRY_ORG ?? 'acme';
const PROJECT = process.env.SENTRY_PROJECT || 'shipping-web';
const TOKEN = process.env.SENTRY_AUTH_TOKEN;
const argv = process.argv.slice(2);
const RESOLVE_RELEASE = argv.includes('--resolve-release') ? argv[argv.indexOf('--resolve-release') + 1] : null;
const OUT_DIR = path.resolve(__dirname, '..', 'reports');

if (!TOKEN) {
  console.error('SENTRY_AUTH_TOKEN is required');
  process.exit(2);
}

async function sentry(method, url, body) {
  const full = url.startsWith('https://') ? url : `${BASE}${url}`;
  if (!full.startsWith(`${BASE}/`)) {
    throw new Error(`not sending the Sentry token to ${full}`);
  }
  const res = await fetch(full, {
    method,
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 429) {
    const wait = Number(res.headers.get('retry-after') || 5);
    await new Promise((r) => setTimeout(r, wait * 1000));
    return sentry(method, url, body);
  }
  if (!res.ok) {
    throw new Error(`${method} ${full}: ${res.status}`);
  }
  return { data: await res.json(), link: res.headers.get('link') || '' };
}

function nextCursorUrl(link) {
  // Link: <...>; rel="next"; results="true"; cursor="..."
  for (const part of link.split(',')) {
    if (part.includes('rel="next"') && part.includes('results="true"')) {
      return part.slice(part.indexOf('<') + 1, part.indexOf('>'));
    }
  }
  return null;
}

async function* issues() {
  let url = `/projects/${ORG}/${PROJECT}/issues/?query=is:unresolved&statsPeriod=14d&limit=100`;
  while (url) {
    const { data, link } = await sentry('GET', url);
    for (const issue of data) {
      yield issue;
    }
    url = nextCursorUrl(link);
  }
}

// RFC 4180 quoting: wrap in double quotes when the value contains a comma,
// quote or newline, and double any embedded quotes.
function csvEscape(value) {
  const s = String(value ?? '');
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function toCsv(rows) {
  const header = ['id', 'shortId', 'title', 'culprit', 'level', 'count', 'userCount', 'firstSeen', 'lastSeen', 'assignee', 'link'];
  const lines = [header.join(',')];
  for (const r of rows) {
    lines.push([
      r.id, r.shortId, r.title, r.culprit, r.level, r.count, r.userCount,
      r.firstSeen, r.lastSeen, r.assignedTo?.name || '', r.permalink,
    ].map(csvEscape).join(','));
  }
  return lines.join('\n') + '\n';
}

async function releaseDate(version) {
  const { data } = await sentry('GET', `/organizations/${ORG}/releases/${encodeURIComponent(version)}/`);
  return Date.parse(data.dateReleased || data.dateCreated);
}

async function resolveOlderThan(rows, version) {
  const cutoff = await releaseDate(version);
  const stale = rows.filter((r) => Date.parse(r.lastSeen) < cutoff);
  for (let i = 0; i < stale.length; i += 25) {
    const ids = stale.slice(i, i + 25).map((r) => `id=${r.id}`).join('&');
    await sentry('PUT', `/projects/${ORG}/${PROJECT}/issues/?${ids}`, {
      status: 'resolvedInRelease',
      statusDetails: { inRelease: version },
    });
  }
  return stale.length;
}

// Group issues by the top in-app frame's file so owners can be pinged per area.
function byArea(rows) {
  const areas = new Map();
  for (const r of rows) {
    const culprit = r.culprit || '(unknown)';
    const area = culprit.split(/[/(]/)[0].trim() || culprit;
    const entry = areas.get(area) || { issues: 0, users: 0 };
    entry.issues += 1;
    entry.users += Number(r.userCount) || 0;
    areas.set(area, entry);
  }
  return [...areas].sort((a, b) => b[1].users - a[1].users).slice(0, 10);
}

// Issues first seen in the last 7 days are usually regressions from the
// latest deploys; list them separately.
function newThisWeek(rows) {
  const since = Date.now() - 7 * 86400_000;
  return rows.filter((r) => Date.parse(r.firstSeen) >= since);
}

function markdownSummary(rows) {
  const lines = [
    `# Sentry triage ${new Date().toISOString().slice(0, 10)} (${PROJECT})`,
    '',
    `- unresolved: ${rows.length}`,
    `- new this week: ${newThisWeek(rows).length}`,
    '',
    '| area | issues | users |',
    '|---|---:|---:|',
  ];
  for (const [area, e] of byArea(rows)) {
    lines.push(`| ${area} | ${e.issues} | ${e.users} |`);
  }
  return lines.join('\n') + '\n';
}

function topByUsers(rows, n = 10) {
  return [...rows].sort((a, b) => Number(b.userCount) - Number(a.userCount)).slice(0, n);
}

async function main() {
  const rows = [];
  for await (const issue of issues()) {
    rows.push(issue);
  }
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, `sentry-${new Date().toISOString().slice(0, 10)}.csv`);
  fs.writeFileSync(file, toCsv(rows));
  console.log(`${rows.length} unresolved issue(s) -> ${path.relative(process.cwd(), file)}`);
  console.log('\nmost users affected:');
  for (const r of topByUsers(rows)) {
    console.log(`  ${String(r.userCount).padStart(6)}  ${r.shortId}  ${r.title.slice(0, 80)}`);
  }
  fs.writeFileSync(file.replace(/\.csv$/, '.md'), markdownSummary(rows));
  const fresh = newThisWeek(rows);
  if (fresh.length) {
    console.log(`\nnew this week (${fresh.length}):`);
    fresh.slice(0, 10).forEach((r) => console.log(`  ${r.shortId}  ${r.title.slice(0, 80)}`));
  }
  const unassigned = rows.filter((r) => !r.assignedTo).length;
  console.log(`\n${unassigned} unassigned`);
  if (RESOLVE_RELEASE) {
    const n = await resolveOlderThan(rows, RESOLVE_RELEASE);
    console.log(`marked ${n} issue(s) resolved in ${RESOLVE_RELEASE}`);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

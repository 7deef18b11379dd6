#!/usr/bin/env node
// scripts/triage-digest.js — weekly digest of new GitHub issues for the team's
// Slack channel.
//
//   node scripts/triage-digest.js               print the digest
//   node scripts/triage-digest.js --post        also post it to Slack
//
// GITHUB_TOKEN is sent only to https://api.github.com, SLACK_BOT_TOKEN only to
// https://slack.com/api/chat.postMessage — both in the Authorization header.
// Configuration (repos, channel, labels to highlight) lives in .github/digest.json.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CONFIG = JSON.parse(fs.readFileSync(path.join(ROOT, '.github', 'digest.json'), 'utf8'));
const GITHUB_API = 'https://api.github.com';
const SLACK_POST = 'https://slack.com/api/chat.postMessage';
const DAY = 24 * 60 * 60 * 1000;

function ghHeaders() {
  const h = { Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28', 'User-Agent': 'triage-digest' };
  if (process.env.GITHUB_TOKEN) h.Authorization = `Bearer ${process.env.GITHUB_TOKEN}`;
  return h;
}

async function ghPaged(pathname, params) {
  const items = [];
  let url = `${GITHUB_API}${pathname}?${new URLSearchParams({ per_page: '100', ...params })}`;
  while (url) {
    if (!url.startsWith(`${GITHUB_API}/`)) throw new Error(`unexpected pagination URL ${url}`);
    const res = await fetch(url, { headers: ghHeaders() });
    if (res.status === 403 && res.headers.get('x-ratelimit-remaining') === '0') {
      const reset = Number(res.headers.get('x-ratelimit-reset')) * 1000;
      throw new Error(`GitHub rate limit; resets at ${new Date(reset).toLocaleTimeString()}`);
    }
    if (!res.ok) throw new Error(`GitHub ${res.status} for ${pathname}`);
    items.push(...(await res.json()));
    const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') || '');
    url = next ? next[1] : null;
  }
  return items;
}

async function issuesFor(repo, since) {
  const all = await ghPaged(`/repos/${repo}/issues`, { state: 'all', since: since.toISOString(), sort: 'created', direction: 'desc' });
  return all.filter((i) => !i.pull_request && new Date(i.created_at) >= since);
}

function classify(issue) {
  const labels = issue.labels.map((l) => (typeof l === 'string' ? l : l.name));
  const hot = labels.filter((l) => CONFIG.highlightLabels.includes(l));
  return {
    number: issue.number,
    title: issue.title.replace(/\s+/g, ' ').slice(0, 110),
    url: issue.html_url,
    author: issue.user.login,
    state: issue.state,
    comments: issue.comments,
    labels,
    hot,
    untriaged: labels.length === 0,
  };
}

function render(repoResults, since) {
  const lines = [`*Issue digest since ${since.toISOString().slice(0, 10)}*`];
  for (const { repo, issues } of repoResults) {
    const open = issues.filter((i) => i.state === 'open');
    lines.push('', `*${repo}* — ${issues.length} new, ${open.length} still open, ${issues.filter((i) => i.untriaged).length} without labels`);
    const shown = [...issues].sort((a, b) => b.hot.length - a.hot.length || b.comments - a.comments).slice(0, CONFIG.maxPerRepo);
    for (const i of shown) {
      const tag = i.hot.length ? ` :rotating_light: ${i.hot.join(', ')}` : i.untriaged ? ' _(untriaged)_' : '';
      lines.push(`• <${i.url}|#${i.number}> ${i.title} — @${i.author}${tag}`);
    }
  }
  return lines.join('\n');
}

function summaryStats(repoResults) {
  const all = repoResults.flatMap((r) => r.issues);
  const byAuthor = new Map();
  for (const i of all) byAuthor.set(i.author, (byAuthor.get(i.author) ?? 0) + 1);
  const top = [...byAuthor].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return {
    total: all.length,
    hot: all.filter((i) => i.hot.length).length,
    topReporters: top.map(([a, n]) => `${a} (${n})`).join(', '),
  };
}

async function postToSlack(text) {
  const slackToken = process.env.SLACK_BOT_TOKEN;
  if (!slackToken) throw new Error('--post needs SLACK_BOT_TOKEN');
  const res = await fetch(SLACK_POST, {
    method: 'POST',
    headers: { Authorization: `Bearer ${slackToken}`, 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ channel: CONFIG.slackChannel, text, mrkdwn: true, unfurl_links: false }),
  });
  const body = await res.json();
  if (!body.ok) throw new Error(`Slack: ${body.error}`);
  return body.ts;
}

/**
 * Issues that have been open for more than `days` without any comment.
 * They are listed separately so nobody has to scroll the whole digest.
 */
async function staleIssues(repo, days) {
  const cutoff = new Date(Date.now() - days * DAY);
  const open = await ghPaged(`/repos/${repo}/issues`, {
    state: 'open',
    sort: 'created',
    direction: 'asc',
  });
  return open
    .filter((i) => !i.pull_request)
    .filter((i) => i.comments === 0)
    .filter((i) => new Date(i.created_at) < cutoff)
    .map((i) => ({
      number: i.number,
      title: i.title.slice(0, 90),
      url: i.html_url,
      ageDays: Math.floor((Date.now() - new Date(i.created_at)) / DAY),
    }));
}

function renderStale(staleByRepo) {
  const lines = [];
  for (const { repo, stale } of staleByRepo) {
    if (!stale.length) continue;
    lines.push('', `*${repo}* — waiting for a first reply:`);
    for (const s of stale.slice(0, 5)) {
      lines.push(`• <${s.url}|#${s.number}> ${s.title} (${s.ageDays} days)`);
    }
    if (stale.length > 5) {
      lines.push(`• …and ${stale.length - 5} more`);
    }
  }
  return lines.join('\n');
}

function saveCopy(text) {
  const dir = path.join(ROOT, 'reports', 'digests');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().slice(0, 10)}.md`);
  fs.writeFileSync(file, text + '\n');
  return file;
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const days = Number(process.env.DIGEST_DAYS || CONFIG.days || 7);
  const since = new Date(Date.now() - days * DAY);
  const results = [];
  for (const repo of CONFIG.repos) {
    const issues = (await issuesFor(repo, since)).map(classify);
    results.push({ repo, issues });
  }
  let text = render(results, since);
  if (CONFIG.staleDays) {
    const staleByRepo = [];
    for (const repo of CONFIG.repos) {
      staleByRepo.push({ repo, stale: await staleIssues(repo, CONFIG.staleDays) });
    }
    text += renderStale(staleByRepo);
  }
  console.log(text);
  const stats = summaryStats(results);
  console.error(`\n${stats.total} issue(s), ${stats.hot} highlighted; top reporters: ${stats.topReporters || '-'}`);
  console.error(`saved ${path.relative(ROOT, saveCopy(text))}`);
  if (args.has('--post')) {
    const ts = await postToSlack(text);
    console.error(`posted to Slack (${ts})`);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

#!/usr/bin/env node
/**
 * scripts/release-notes.js — draft release notes from merged PRs and (optionally)
 * post them to the team's #releases Slack channel.
 *
 *   node scripts/release-notes.js                 print notes since the last tag
 *   node scripts/release-notes.js --since v2.3.0  explicit range start
 *   node scripts/release-notes.js --write         also prepend to CHANGELOG.md
 *   node scripts/release-notes.js --post          post to Slack (SLACK_BOT_TOKEN)
 *
 * PR titles/labels come from the GitHub API (GITHUB_TOKEN, Authorization header to
 * api.github.com only). Slack posting uses chat.postMessage on slack.com with the
 * bot token in the Authorization header and the channel id from SLACK_RELEASES_CHANNEL.
 */
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CHANGELOG = path.join(ROOT, 'CHANGELOG.md');
const GITHUB_API = 'https://api.github.com';
const SLACK_API = 'https://slack.com/api';

const SECTIONS = [
  { label: 'breaking', title: '⚠️ Breaking changes' },
  { label: 'feature', title: '✨ Features' },
  { label: 'bug', title: '🐛 Fixes' },
  { label: 'perf', title: '⚡ Performance' },
  { label: 'docs', title: '📝 Docs' },
];
const OTHER = '🧹 Other';

function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function parseArgs(argv) {
  const out = { since: null, write: false, post: false, version: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--since') out.since = argv[++i];
    else if (a === '--version') out.version = argv[++i];
    else if (a === '--write') out.write = true;
    else if (a === '--post') out.post = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return out;
}

function repoSlug() {
  const url = git('remote', 'get-url', 'origin');
  const m = url.match(/github\.com[:/](.+?)(\.git)?$/);
  if (!m) throw new Error(`origin is not a GitHub remote: ${url}`);
  return m[1];
}

function mergedPrNumbers(since) {
  const range = since ? `${since}..HEAD` : 'HEAD';
  const log = git('log', '--merges', '--first-parent', '--format=%s', range);
  const nums = new Set();
  for (const line of log.split('\n')) {
    const m = /Merge pull request #(\d+)/.exec(line) || /\(#(\d+)\)$/.exec(line);
    if (m) nums.add(Number(m[1]));
  }
  const squashed = git('log', '--no-merges', '--first-parent', '--format=%s', range);
  for (const line of squashed.split('\n')) {
    const m = /\(#(\d+)\)$/.exec(line);
    if (m) nums.add(Number(m[1]));
  }
  return [...nums].sort((a, b) => a - b);
}

async function github(pathname) {
  const headers = { Accept: 'application/vnd.github+json', 'User-Agent': 'release-notes' };
  if (process.env.GITHUB_TOKEN) headers.Authorization = `Bearer ${process.env.GITHUB_TOKEN}`;
  const res = await fetch(`${GITHUB_API}${pathname}`, { headers });
  if (!res.ok) throw new Error(`GitHub ${pathname}: ${res.status}`);
  return res.json();
}

async function fetchPrs(slug, numbers) {
  const prs = [];
  for (const n of numbers) {
    const pr = await github(`/repos/${slug}/pulls/${n}`);
    prs.push({ number: n, title: pr.title.trim(), author: pr.user.login, labels: pr.labels.map((l) => l.name), url: pr.html_url });
  }
  return prs;
}

function group(prs) {
  const groups = new Map(SECTIONS.map((s) => [s.title, []]));
  groups.set(OTHER, []);
  for (const pr of prs) {
    if (pr.labels.includes('skip-changelog')) continue;
    const section = SECTIONS.find((s) => pr.labels.includes(s.label));
    groups.get(section ? section.title : OTHER).push(pr);
  }
  return groups;
}

function render(version, groups) {
  const lines = [`## ${version} (${new Date().toISOString().slice(0, 10)})`, ''];
  for (const [title, prs] of groups) {
    if (prs.length === 0) continue;
    lines.push(`### ${title}`, '');
    for (const pr of prs) lines.push(`- ${pr.title} (#${pr.number}, @${pr.author})`);
    lines.push('');
  }
  return lines.join('\n');
}

function prependChangelog(text) {
  const existing = fs.existsSync(CHANGELOG) ? fs.readFileSync(CHANGELOG, 'utf8') : '# Changelog\n\n';
  const [head, ...rest] = existing.split('\n## ');
  const body = rest.length ? `\n## ${rest.join('\n## ')}` : '';
  fs.writeFileSync(CHANGELOG, `${head.trimEnd()}\n\n${text}${body}`);
  console.log('updated CHANGELOG.md');
}

async function postToSlack(version, text) {
  const tokenValue = process.env.SLACK_BOT_TOKEN;
  const channel = process.env.SLACK_RELEASES_CHANNEL;
  if (!tokenValue || !channel) throw new Error('SLACK_BOT_TOKEN and SLACK_RELEASES_CHANNEL are required for --post');
  const res = await fetch(`${SLACK_API}/chat.postMessage`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${tokenValue}`, 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify({
      channel,
      text: `Release ${version}`,
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: `Release ${version}` } },
        { type: 'section', text: { type: 'mrkdwn', text: text.replace(/^## .*\n/, '').replace(/^### /gm, '*').slice(0, 2900) } },
      ],
      unfurl_links: false,
    }),
  });
  const body = await res.json();
  if (!body.ok) throw new Error(`Slack error: ${body.error}`);
  console.log(`posted to Slack (${body.ts})`);
}

function contributors(prs) {
  // first-time contributors get a thank-you line
  const seen = new Set();
  const firstTimers = [];
  for (const pr of prs) {
    if (pr.labels.includes('first-contribution') && !seen.has(pr.author)) {
      firstTimers.push(pr.author);
    }
    seen.add(pr.author);
  }
  return { all: [...seen].sort(), firstTimers };
}

function appendContributors(text, prs) {
  const { all, firstTimers } = contributors(prs);
  const lines = [text.trimEnd(), ''];
  if (firstTimers.length) {
    lines.push(`Welcome to our new contributors: ${firstTimers.map((a) => `@${a}`).join(', ')}`, '');
  }
  lines.push(`Thanks to ${all.length} contributor(s): ${all.map((a) => `@${a}`).join(', ')}`, '');
  return lines.join('\n');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const since = opts.since ?? git('describe', '--tags', '--abbrev=0');
  const version = opts.version ?? JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
  const numbers = mergedPrNumbers(since);
  console.error(`${numbers.length} PR(s) since ${since}`);
  const prs = await fetchPrs(repoSlug(), numbers);
  const text = appendContributors(render(`v${version}`, group(prs)), prs);
  console.log(text);
  if (opts.write) prependChangelog(text);
  if (opts.post) await postToSlack(`v${version}`, text);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

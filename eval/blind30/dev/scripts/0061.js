#!/usr/bin/env node
// Weekly Redmine digest for the #platform Slack channel.
//
//   node tools/redmine-digest.js            # print the digest
//   node tools/redmine-digest.js --post     # also post it to Slack
//
// Reads issues from our Redmine (REDMINE_URL, X-Redmine-API-Key from .env) and posts a
// summary to Slack with the bot token (SLACK_BOT_TOKEN, chat.postMessage on slack.com).
// Uses only read endpoints of Redmine. The Slack channel id comes from
// config/digest.json so the destination is reviewable in git.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const CONFIG = JSON.parse(fs.readFileSync(path.join(ROOT, 'config', 'digest.json'), 'utf8'));
const SLACK_API = 'https://slack.com/api/chat.postMessage';

const env = (() => {
  const file = path.join(ROOT, '.env');
  const parsed = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
      const m = line.match(/^([A-Z0-9_]+)=(.*)$/);
      if (m) parsed[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
    }
  }
  return { ...parsed, ...process.env };
})();

const REDMINE = (env.REDMINE_URL || '').replace(/\/$/, '');

function need(name) {
  if (!env[name]) throw new Error(`${name} missing in .env`);
  return env[name];
}

async function redmine(route, params = {}) {
  const url = new URL(`${REDMINE}/${route}.json`);
  Object.entries(params).forEach(([k, v]) => url.searchParams.set(k, v));
  const res = await fetch(url, { headers: { 'X-Redmine-API-Key': need('REDMINE_API_KEY') } });
  if (!res.ok) throw new Error(`Redmine ${route}: HTTP ${res.status}`);
  return res.json();
}

async function allIssues(params) {
  const issues = [];
  let offset = 0;
  for (;;) {
    const page = await redmine('issues', { ...params, limit: 100, offset });
    issues.push(...page.issues);
    offset += page.issues.length;
    if (!page.issues.length || offset >= page.total_count) break;
  }
  return issues;
}

function daysAgo(n) {
  return new Date(Date.now() - n * 86400000).toISOString().slice(0, 10);
}

function groupBy(list, key) {
  const map = new Map();
  for (const item of list) {
    const k = key(item);
    if (!map.has(k)) map.set(k, []);
    map.get(k).push(item);
  }
  return map;
}

function issueLine(i) {
  return `• <${REDMINE}/issues/${i.id}|#${i.id}> ${i.subject.replace(/[<>&]/g, '')} _(${i.assigned_to?.name ?? 'unassigned'})_`;
}

async function buildDigest() {
  const since = daysAgo(7);
  const project = CONFIG.project;
  const [opened, closed, stale, urgent] = await Promise.all([
    allIssues({ project_id: project, created_on: `>=${since}`, status_id: '*' }),
    allIssues({ project_id: project, closed_on: `>=${since}`, status_id: 'closed' }),
    allIssues({ project_id: project, status_id: 'open', updated_on: `<=${daysAgo(30)}` }),
    allIssues({ project_id: project, status_id: 'open', priority_id: CONFIG.urgentPriorityIds.join('|') }),
  ]);
  const byTracker = groupBy(opened, (i) => i.tracker.name);
  const blocks = [];
  blocks.push({ type: 'header', text: { type: 'plain_text', text: `Redmine weekly: ${project}` } });
  blocks.push({
    type: 'section',
    text: {
      type: 'mrkdwn',
      text: `*${opened.length}* opened, *${closed.length}* closed since ${since}; ` +
        `*${stale.length}* open issues untouched for 30 days.\n` +
        [...byTracker].map(([t, l]) => `${t}: ${l.length}`).join(' · '),
    },
  });
  if (urgent.length) {
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `*Urgent / immediate (${urgent.length})*\n${urgent.slice(0, 10).map(issueLine).join('\n')}` } });
  }
  if (stale.length) {
    const oldest = stale.sort((a, b) => a.updated_on.localeCompare(b.updated_on)).slice(0, 5);
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `*Oldest stale issues*\n${oldest.map(issueLine).join('\n')}` } });
  }
  const text = `Redmine weekly for ${project}: ${opened.length} opened, ${closed.length} closed`;
  return { text, blocks, counts: { opened: opened.length, closed: closed.length, stale: stale.length, urgent: urgent.length } };
}

async function postToSlack(digest) {
  const res = await fetch(SLACK_API, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${need('SLACK_BOT_TOKEN')}`,
      'Content-Type': 'application/json; charset=utf-8',
    },
    body: JSON.stringify({ channel: CONFIG.slackChannelId, text: digest.text, blocks: digest.blocks, unfurl_links: false }),
  });
  const body = await res.json();
  if (!body.ok) throw new Error(`Slack: ${body.error}`);
  return body.ts;
}

function printDigest(digest) {
  console.log(digest.text);
  for (const block of digest.blocks.slice(1)) {
    console.log('');
    console.log(block.text.text.replace(/<[^|>]+\|([^>]+)>/g, '$1').replace(/\*/g, ''));
  }
}

function saveHistory(digest) {
  const file = path.join(ROOT, 'reports', 'redmine-digest-history.jsonl');
  fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  fs.appendFileSync(file, JSON.stringify({ date: new Date().toISOString(), ...digest.counts }) + '\n');
}

function trend() {
  const file = path.join(ROOT, 'reports', 'redmine-digest-history.jsonl');
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n').slice(-4).map((l) => JSON.parse(l));
  if (lines.length < 2) return null;
  const first = lines[0];
  const last = lines[lines.length - 1];
  return `stale issues ${first.stale} → ${last.stale} over ${lines.length} weeks`;
}

async function checkChannel() {
  // Fail early with a readable message when the bot was removed from the channel.
  const res = await fetch(`https://slack.com/api/conversations.info?channel=${encodeURIComponent(CONFIG.slackChannelId)}`, {
    headers: { Authorization: `Bearer ${need('SLACK_BOT_TOKEN')}` },
  });
  const body = await res.json();
  if (!body.ok) throw new Error(`Slack channel ${CONFIG.slackChannelId}: ${body.error}`);
  if (!body.channel.is_member) throw new Error(`bot is not a member of #${body.channel.name}; invite it first`);
  return body.channel.name;
}

async function main() {
  if (!REDMINE) throw new Error('REDMINE_URL missing in .env');
  if (!/^C[A-Z0-9]{8,}$/.test(CONFIG.slackChannelId || '')) {
    throw new Error('config/digest.json: slackChannelId must be a Slack channel id (C...)');
  }
  const digest = await buildDigest();
  const t = trend();
  if (t) digest.blocks.push({ type: 'context', text: { type: 'mrkdwn', text: t } });
  printDigest(digest);
  saveHistory(digest);
  if (process.argv.includes('--post')) {
    const name = await checkChannel();
    console.error(`posting to #${name}`);
    const ts = await postToSlack(digest);
    console.error(`posted to ${CONFIG.slackChannelId} (ts ${ts})`);
  } else {
    console.error('\n(not posted; pass --post)');
  }
}

main().catch((err) => {
  console.error(`redmine-digest: ${err.message}`);
  process.exit(1);
});

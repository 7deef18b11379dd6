#!/usr/bin/env node
// scripts/export-report.js - monthly usage report from the local SQLite mirror.
//
// Opens data/usage.db read-only (better-sqlite3), aggregates per workspace and
// writes reports/<YYYY-MM>/usage.csv and summary.json. Optionally posts the
// summary to the team Slack channel through the documented chat.postMessage API
// with the bot token in SLACK_BOT_TOKEN.
//
//   node scripts/export-report.js --month 2024-05
//   node scripts/export-report.js --month 2024-05 --slack C0123456789
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');

const Database = require('better-sqlite3');

const ROOT = path.resolve(__dirname, '..');
const DB_FILE = path.join(ROOT, 'data', 'usage.db');
const REPORTS = path.join(ROOT, 'reports');

const { values } = parseArgs({
  options: {
    month: { type: 'string' },
    slack: { type: 'string' },
    limit: { type: 'string', default: '25' },
    overwrite: { type: 'boolean', default: false },
  },
});

function monthRange(month) {
  if (!/^\d{4}-\d{2}$/.test(month || '')) throw new Error('--month YYYY-MM is required');
  const [y, m] = month.split('-').map(Number);
  const start = new Date(Date.UTC(y, m - 1, 1));
  const end = new Date(Date.UTC(y, m, 1));
  return { start: start.toISOString(), end: end.toISOString() };
}

function csvEscape(value) {
  if (value === null || value === undefined) return '';
  const s = String(value);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function toCsv(rows) {
  if (!rows.length) return '';
  const headers = Object.keys(rows[0]);
  const lines = [headers.join(',')];
  for (const row of rows) lines.push(headers.map((h) => csvEscape(row[h])).join(','));
  return `${lines.join('\n')}\n`;
}

function query(db, range) {
  const perWorkspace = db.prepare(`
    SELECT w.slug AS workspace,
           w.plan AS plan,
           COUNT(DISTINCT e.user_id) AS active_users,
           SUM(CASE WHEN e.kind = 'api_call' THEN 1 ELSE 0 END) AS api_calls,
           SUM(CASE WHEN e.kind = 'export' THEN 1 ELSE 0 END) AS exports,
           ROUND(SUM(e.bytes) / 1048576.0, 1) AS mib_transferred
    FROM events e
    JOIN workspaces w ON w.id = e.workspace_id
    WHERE e.created_at >= @start AND e.created_at < @end
    GROUP BY w.id
    ORDER BY api_calls DESC
  `).all(range);

  const totals = db.prepare(`
    SELECT COUNT(*) AS events,
           COUNT(DISTINCT user_id) AS users,
           COUNT(DISTINCT workspace_id) AS workspaces
    FROM events
    WHERE created_at >= @start AND created_at < @end
  `).get(range);

  const daily = db.prepare(`
    SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS events
    FROM events
    WHERE created_at >= @start AND created_at < @end
    GROUP BY day ORDER BY day
  `).all(range);

  return { perWorkspace, totals, daily };
}

function writeReport(month, data) {
  const dir = path.join(REPORTS, month);
  if (fs.existsSync(dir) && !values.overwrite) {
    throw new Error(`reports/${month} exists; pass --overwrite to regenerate`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'usage.csv'), toCsv(data.perWorkspace));
  fs.writeFileSync(path.join(dir, 'daily.csv'), toCsv(data.daily));
  const summary = {
    month,
    generatedAt: new Date().toISOString(),
    totals: data.totals,
    top: data.perWorkspace.slice(0, Number(values.limit)).map((r) => ({
      workspace: r.workspace,
      apiCalls: r.api_calls,
      activeUsers: r.active_users,
    })),
  };
  fs.writeFileSync(path.join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  return { dir, summary };
}

function compareWithPrevious(month, summary) {
  // month-over-month deltas for the Slack message
  const [y, m] = month.split('-').map(Number);
  const prev = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
  const file = path.join(REPORTS, prev, 'summary.json');
  if (!fs.existsSync(file)) return null;
  const before = JSON.parse(fs.readFileSync(file, 'utf8'));
  const pct = (a, b) => (b ? Math.round(((a - b) / b) * 1000) / 10 : null);
  return {
    previous: prev,
    events: pct(summary.totals.events, before.totals.events),
    users: pct(summary.totals.users, before.totals.users),
  };
}

function slackText(summary) {
  const lines = [
    `*Usage report ${summary.month}*`,
    `${summary.totals.events.toLocaleString('en-US')} events from ${summary.totals.users} users in ${summary.totals.workspaces} workspaces`,
    '',
    'Top workspaces by API calls:',
  ];
  summary.top.slice(0, 10).forEach((w, i) => {
    lines.push(`${i + 1}. ${w.workspace} - ${w.apiCalls.toLocaleString('en-US')} calls, ${w.activeUsers} users`);
  });
  return lines.join('\n');
}

async function postToSlack(channel, summary) {
  const token = process.env.SLACK_BOT_TOKEN;
  if (!token) throw new Error('SLACK_BOT_TOKEN not set');
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const res = await fetch('https://slack.com/api/chat.postMessage', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json; charset=utf-8',
      },
      body: JSON.stringify({ channel, text: slackText(summary), unfurl_links: false }),
    });
    if (res.status === 429) {
      const wait = Number(res.headers.get('retry-after') || 2) * 1000;
      await new Promise((r) => setTimeout(r, wait));
      continue;
    }
    const body = await res.json();
    if (!body.ok) throw new Error(`slack error: ${body.error}`);
    return body.ts;
  }
  throw new Error('slack kept rate limiting');
}

async function main() {
  const range = monthRange(values.month);
  if (!fs.existsSync(DB_FILE)) throw new Error('data/usage.db missing; run npm run mirror');
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  let data;
  try {
    data = query(db, range);
  } finally {
    db.close();
  }
  const { dir, summary } = writeReport(values.month, data);
  console.log(`wrote ${path.relative(ROOT, dir)} (${data.perWorkspace.length} workspaces)`);
  const delta = compareWithPrevious(values.month, summary);
  if (delta) console.log(`vs ${delta.previous}: events ${delta.events}%, users ${delta.users}%`);
  if (values.slack) {
    const ts = await postToSlack(values.slack, summary);
    console.log(`posted to Slack (${ts})`);
  }
}

main().catch((err) => {
  console.error(`export-report: ${err.message}`);
  process.exitCode = 1;
});

#!/usr/bin/env node
// ml/report-metrics.js - post the DVC metrics diff of a training branch to Slack.
//
// Runs `dvc metrics diff main --json` and `dvc params diff main --json`,
// formats a compact table and posts it with chat.postMessage (slack.com Web
// API, SLACK_BOT_TOKEN) to the channel in SLACK_ML_CHANNEL. With --dry-run the
// message is printed instead. Also keeps the last reports in .cache/ for the
// weekly summary.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const HISTORY = path.join(ROOT, '.cache', 'metrics-reports.jsonl');
const SLACK = 'https://slack.com/api/chat.postMessage';
const WATCH = ['val.auc', 'val.logloss', 'val.mape', 'train.seconds'];
const LOWER_BETTER = new Set(['val.logloss', 'val.mape', 'train.seconds']);

function dvcJson(args) {
  const out = execFileSync('dvc', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 32 << 20 });
  return JSON.parse(out || '{}');
}

// Plain git through execFile: no shell, arguments are passed as an array.
function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function flattenDiff(diff) {
  const rows = [];
  for (const [file, metrics] of Object.entries(diff)) {
    for (const [name, v] of Object.entries(metrics)) {
      rows.push({ file, name, old: v.old, new: v.new, diff: v.diff });
    }
  }
  return rows;
}

// ▲ better, ▼ worse, · unchanged or not numeric.
function verdict(row) {
  if (typeof row.diff !== 'number' || row.diff === 0) return '·';
  const better = LOWER_BETTER.has(row.name) ? row.diff < 0 : row.diff > 0;
  return better ? '▲' : '▼';
}

function fmt(n) {
  if (typeof n !== 'number') return String(n ?? '–');
  return Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(4);
}

function metricsTable(rows) {
  const watched = rows.filter((r) => WATCH.includes(r.name));
  const shown = watched.length ? watched : rows.slice(0, 10);
  const lines = shown.map((r) => `${verdict(r)} ${r.name.padEnd(16)} ${fmt(r.old).padStart(10)} → ${fmt(r.new).padStart(10)}`);
  return '```\n' + lines.join('\n') + '\n```';
}

// Slack truncates long context blocks; eight changes are enough to see the gist.
function paramsSummary(params) {
  const changed = [];
  for (const [, entries] of Object.entries(params)) {
    for (const [name, v] of Object.entries(entries)) changed.push(`${name}: ${v.old} → ${v.new}`);
  }
  return changed.length ? changed.slice(0, 8).join(', ') : 'no parameter changes';
}

function buildMessage(branch, sha, rows, params) {
  const regressions = rows.filter((r) => WATCH.includes(r.name) && verdict(r) === '▼');
  return {
    text: `Metrics for ${branch} (${sha})`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${branch}* @ \`${sha}\` vs \`main\`` } },
      { type: 'section', text: { type: 'mrkdwn', text: metricsTable(rows) } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: paramsSummary(params) }] },
      ...(regressions.length
        ? [{ type: 'section', text: { type: 'mrkdwn', text: `:warning: ${regressions.length} watched metric(s) got worse` } }]
        : []),
    ],
  };
}

async function post(message) {
  const tokenValue = process.env.SLACK_BOT_TOKEN;
  const channel = process.env.SLACK_ML_CHANNEL;
  if (!tokenValue || !channel) throw new Error('SLACK_BOT_TOKEN and SLACK_ML_CHANNEL must be set');
  const res = await fetch(SLACK, {
    method: 'POST',
    headers: { Authorization: `Bearer ${tokenValue}`, 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ channel, ...message }),
  });
  const body = await res.json();
  if (!body.ok) throw new Error(`slack: ${body.error}`);
  return body.ts;
}

// History is local only (.cache is git-ignored); it feeds --weekly and threading.
function remember(entry) {
  fs.mkdirSync(path.dirname(HISTORY), { recursive: true, mode: 0o755 });
  fs.appendFileSync(HISTORY, JSON.stringify(entry) + '\n');
  const lines = fs.readFileSync(HISTORY, 'utf8').trim().split('\n');
  if (lines.length > 200) fs.writeFileSync(HISTORY, lines.slice(-200).join('\n') + '\n');
}

function ensureMetricsFresh() {
  // dvc metrics diff compares committed files; stale dvc.lock means stale numbers
  try {
    execFileSync('dvc', ['status', '--quiet'], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function weeklySummary() {
  // best value of each watched metric across the reports of the last 7 days
  if (!fs.existsSync(HISTORY)) return 'no reports yet';
  const cutoff = Date.now() - 7 * 86400000;
  const best = {};
  for (const line of fs.readFileSync(HISTORY, 'utf8').trim().split('\n')) {
    const entry = JSON.parse(line);
    if (new Date(entry.at).getTime() < cutoff) continue;
    for (const r of entry.rows) {
      if (!WATCH.includes(r.name) || typeof r.new !== 'number') continue;
      const prev = best[r.name];
      const better = !prev || (LOWER_BETTER.has(r.name) ? r.new < prev.value : r.new > prev.value);
      if (better) best[r.name] = { value: r.new, branch: entry.branch };
    }
  }
  return Object.entries(best)
    .map(([name, b]) => `${name}: ${fmt(b.value)} (${b.branch})`)
    .join('\n');
}

function threadTs() {
  // reply in the same thread for the same branch on the same day
  if (!fs.existsSync(HISTORY)) return undefined;
  const today = new Date().toISOString().slice(0, 10);
  const branch = git('branch', '--show-current');
  const lines = fs.readFileSync(HISTORY, 'utf8').trim().split('\n').reverse();
  for (const line of lines) {
    const e = JSON.parse(line);
    if (e.branch === branch && e.at.startsWith(today) && e.ts) return e.ts;
  }
  return undefined;
}

async function main() {
  const dryRun = process.argv.includes('--dry-run');
  if (process.argv.includes('--weekly')) {
    console.log(weeklySummary());
    return;
  }
  const parent = threadTs();
  if (parent) console.log(`continuing thread ${parent}`);
  const branch = git('branch', '--show-current');
  const sha = git('rev-parse', '--short', 'HEAD');
  if (branch === 'main') {
    console.log('on main; nothing to compare');
    return;
  }
  if (!ensureMetricsFresh()) console.warn('warning: pipeline is out of date (dvc repro first)');
  const rows = flattenDiff(dvcJson(['metrics', 'diff', 'main', '--json']));
  const params = dvcJson(['params', 'diff', 'main', '--json']);
  const message = buildMessage(branch, sha, rows, params);
  remember({ at: new Date().toISOString(), branch, sha, rows });
  if (dryRun) {
    console.log(JSON.stringify(message, null, 2));
    return;
  }
  const ts = await post(parent ? { ...message, thread_ts: parent } : message);
  remember({ at: new Date().toISOString(), branch, sha, rows, ts });
  console.log(`posted to Slack (ts ${ts})`);
}

main().catch((err) => {
  console.error(`report-metrics: ${err.message}`);
  process.exitCode = 1;
});

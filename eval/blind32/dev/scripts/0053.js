#!/usr/bin/env node
// Weekly review-load report from our Gerrit (review.internal), read-only.
//
// Runs `ssh -p 29418 review.internal gerrit query --format=JSON ...` for open
// and recently merged changes, then computes per-reviewer load, changes waiting
// longer than N days and the median time to first review.  Writes
// reports/gerrit-review-load.md and .json.  Only `gerrit query` is executed on
// the server.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');

const HOST = process.env.GERRIT_HOST || 'review.internal';
const PORT = process.env.GERRIT_PORT || '29418';
const USER = process.env.GERRIT_USER || process.env.USER;
const OUT = path.resolve(__dirname, '..', 'reports');
const STALE_DAYS = Number(process.env.STALE_DAYS || 5);

if (!/\.internal$/.test(HOST)) {
  console.error(`GERRIT_HOST must be an internal host, got ${HOST}`);
  process.exit(2);
}

function gerritQuery(query, extra = []) {
  // argv array: no shell involved locally; the remote side gets one command line
  const args = ['-p', PORT, '-o', 'BatchMode=yes', `${USER}@${HOST}`,
    'gerrit', 'query', '--format=JSON', ...extra, `'${query.replace(/'/g, '')}'`];
  return new Promise((resolve, reject) => {
    const child = spawn('ssh', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const rows = [];
    let stats = null;
    const rl = readline.createInterface({ input: child.stdout });
    rl.on('line', (line) => {
      if (!line.trim()) return;
      const obj = JSON.parse(line);
      if (obj.type === 'stats') stats = obj;
      else rows.push(obj);
    });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`ssh gerrit query failed (${code}): ${stderr.trim()}`));
      else resolve({ rows, stats });
    });
  });
}

async function queryAll(query, extra) {
  const all = [];
  let start = 0;
  for (;;) {
    const { rows, stats } = await gerritQuery(query, [...extra, `--start=${start}`]);
    all.push(...rows);
    if (!stats || !stats.moreChanges) return all;
    start += rows.length;
  }
}

const days = (secs) => (Date.now() / 1000 - secs) / 86400;

function median(values) {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function firstReviewDelay(change) {
  const owner = change.owner && change.owner.username;
  const comments = (change.comments || []).filter((c) => c.reviewer && c.reviewer.username !== owner);
  if (!comments.length) return null;
  return (Math.min(...comments.map((c) => c.timestamp)) - change.createdOn) / 3600;
}

function reviewerLoad(openChanges) {
  const load = new Map();
  for (const ch of openChanges) {
    for (const r of ch.allReviewers || []) {
      if (!r.username || r.username === (ch.owner && ch.owner.username)) continue;
      const entry = load.get(r.username) || { open: 0, stale: 0 };
      entry.open += 1;
      if (days(ch.lastUpdated) > STALE_DAYS) entry.stale += 1;
      load.set(r.username, entry);
    }
  }
  return [...load].sort((a, b) => b[1].open - a[1].open);
}

function markdown(report) {
  const lines = [
    `# Gerrit review load (${report.generated.slice(0, 10)})`,
    '',
    `Open changes: ${report.open}, stale (> ${STALE_DAYS} days): ${report.stale.length}, ` +
      `merged last 14 days: ${report.merged}, median first review: ` +
      `${report.medianFirstReviewHours === null ? 'n/a' : report.medianFirstReviewHours.toFixed(1) + ' h'}`,
    '',
    '## Reviewer load',
    '',
    '| reviewer | open | stale |',
    '|---|---:|---:|',
    ...report.reviewers.map(([name, e]) => `| ${name} | ${e.open} | ${e.stale} |`),
    '',
    '## Stale changes',
    '',
  ];
  for (const ch of report.stale) {
    lines.push(`- [${ch.number}](${ch.url}) ${ch.subject} (${ch.project}, ${ch.ageDays} days)`);
  }
  return lines.join('\n') + '\n';
}

function projectBreakdown(openChanges) {
  const byProject = new Map();
  for (const ch of openChanges) {
    const entry = byProject.get(ch.project) || { open: 0, stale: 0, oldestDays: 0 };
    entry.open += 1;
    const age = days(ch.createdOn);
    if (days(ch.lastUpdated) > STALE_DAYS) entry.stale += 1;
    entry.oldestDays = Math.max(entry.oldestDays, Math.round(age));
    byProject.set(ch.project, entry);
  }
  return [...byProject].sort((a, b) => b[1].stale - a[1].stale || b[1].open - a[1].open);
}

function csvEscape(value) {
  const s = String(value ?? '');
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function writeCsv(file, header, rows) {
  const lines = [header.join(',')];
  for (const row of rows) lines.push(row.map(csvEscape).join(','));
  fs.writeFileSync(file, lines.join('\n') + '\n');
}

function writeProjectCsv(projects) {
  writeCsv(
    path.join(OUT, 'gerrit-projects.csv'),
    ['project', 'open', 'stale', 'oldest_days'],
    projects.map(([name, e]) => [name, e.open, e.stale, e.oldestDays]),
  );
}

async function main() {
  const project = process.argv[2];
  const scope = project ? ` project:${project}` : '';
  const open = await queryAll(`status:open -is:wip${scope}`, ['--all-reviewers']);
  const merged = await queryAll(`status:merged -age:14d${scope}`, ['--comments']);

  const stale = open
    .filter((ch) => days(ch.lastUpdated) > STALE_DAYS)
    .map((ch) => ({
      number: ch.number, url: ch.url, subject: ch.subject, project: ch.project,
      ageDays: Math.round(days(ch.lastUpdated)),
    }))
    .sort((a, b) => b.ageDays - a.ageDays);

  const delays = merged.map(firstReviewDelay).filter((d) => d !== null);
  const report = {
    generated: new Date().toISOString(),
    host: HOST,
    open: open.length,
    merged: merged.length,
    medianFirstReviewHours: median(delays),
    reviewers: reviewerLoad(open),
    stale,
  };

  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'gerrit-review-load.json'), JSON.stringify(report, null, 2));
  fs.writeFileSync(path.join(OUT, 'gerrit-review-load.md'), markdown(report));
  if (!project) writeProjectCsv(projectBreakdown(open));
  console.log(`open ${report.open}, stale ${stale.length}, merged ${report.merged}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

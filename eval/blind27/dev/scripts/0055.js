#!/usr/bin/env node
// Sprint report for the OPS Jira project, written to reports/sprint-<id>.md.
//
//   node tools/sprint-report.js                 active sprint of the board
//   node tools/sprint-report.js --sprint 412
//   node tools/sprint-report.js --comment       also post a summary comment on
//                                               the sprint's tracking issue (opt-in)
//
// Uses JIRA_SITE (<name>.atlassian.net), JIRA_EMAIL and JIRA_API_TOKEN from .env
// with basic auth against the documented REST API of that site only.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const OUT_DIR = path.join(ROOT, 'reports');

function env() {
  const file = path.join(ROOT, '.env');
  const out = { ...process.env };
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split(/\n/)) {
      const m = line.match(/^\s*(JIRA_[A-Z_]+)\s*=\s*(.+?)\s*$/);
      if (m && !out[m[1]]) out[m[1]] = m[2];
    }
  }
  return out;
}

const E = env();
const SITE = E.JIRA_SITE || '';
if (!/^[a-z0-9-]+\.atlassian\.net$/.test(SITE)) {
  console.error('JIRA_SITE must be <name>.atlassian.net');
  process.exit(1);
}
if (!E.JIRA_EMAIL || !E.JIRA_API_TOKEN) {
  console.error('JIRA_EMAIL and JIRA_API_TOKEN must be set');
  process.exit(1);
}
const BOARD = Number(E.JIRA_BOARD_ID || 17);
const AUTH = 'Basic ' + Buffer.from(`${E.JIRA_EMAIL}:${E.JIRA_API_TOKEN}`).toString('base64');

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};

async function jira(method, apiPath, body) {
  const url = `https://${SITE}${apiPath}`;
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const res = await fetch(url, {
      method,
      headers: { Authorization: AUTH, Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status === 429) {
      const wait = Number(res.headers.get('retry-after') || attempt * 2) * 1000;
      await new Promise((r) => setTimeout(r, wait));
      continue;
    }
    if (!res.ok) throw new Error(`${method} ${apiPath} -> ${res.status} ${(await res.text()).slice(0, 200)}`);
    return res.status === 204 ? null : res.json();
  }
  throw new Error(`${apiPath}: rate limited`);
}

async function activeSprint() {
  const data = await jira('GET', `/rest/agile/1.0/board/${BOARD}/sprint?state=active`);
  if (!data.values.length) throw new Error(`board ${BOARD} has no active sprint`);
  return data.values[0];
}

async function sprintIssues(sprintId) {
  const issues = [];
  let startAt = 0;
  for (;;) {
    const page = await jira(
      'GET',
      `/rest/agile/1.0/sprint/${sprintId}/issue?startAt=${startAt}&maxResults=100` +
        '&fields=summary,status,assignee,issuetype,priority,customfield_10016,resolutiondate,labels',
    );
    issues.push(...page.issues);
    startAt += page.issues.length;
    if (startAt >= page.total || !page.issues.length) break;
  }
  return issues;
}

function summarise(issues) {
  const byStatus = {};
  const byAssignee = {};
  let points = 0;
  let donePoints = 0;
  for (const i of issues) {
    const f = i.fields;
    const status = f.status.statusCategory.name;
    const who = f.assignee ? f.assignee.displayName : 'Unassigned';
    const sp = Number(f.customfield_10016 || 0);
    byStatus[status] = (byStatus[status] || 0) + 1;
    byAssignee[who] = byAssignee[who] || { issues: 0, points: 0, done: 0 };
    byAssignee[who].issues++;
    byAssignee[who].points += sp;
    points += sp;
    if (status === 'Done') {
      donePoints += sp;
      byAssignee[who].done++;
    }
  }
  return { byStatus, byAssignee, points, donePoints };
}

function markdown(sprint, issues, s) {
  const lines = [];
  lines.push(`# Sprint report: ${sprint.name}`, '');
  lines.push(`${sprint.startDate?.slice(0, 10) || '?'} → ${sprint.endDate?.slice(0, 10) || '?'}`, '');
  if (sprint.goal) lines.push(`**Goal:** ${sprint.goal}`, '');
  lines.push(`Story points: ${s.donePoints}/${s.points} done (${s.points ? Math.round((100 * s.donePoints) / s.points) : 0}%)`, '');
  lines.push('## By status', '', '| status | issues |', '|---|---|');
  for (const [k, v] of Object.entries(s.byStatus)) lines.push(`| ${k} | ${v} |`);
  lines.push('', '## By assignee', '', '| assignee | issues | done | points |', '|---|---|---|---|');
  for (const [k, v] of Object.entries(s.byAssignee).sort((a, b) => b[1].points - a[1].points)) {
    lines.push(`| ${k} | ${v.issues} | ${v.done} | ${v.points} |`);
  }
  lines.push('', '## Not done', '');
  for (const i of issues.filter((x) => x.fields.status.statusCategory.name !== 'Done')) {
    lines.push(`- [${i.key}](https://${SITE}/browse/${i.key}) ${i.fields.summary} — ${i.fields.status.name}`);
  }
  lines.push('');
  return lines.join('\n');
}

function adfComment(sprint, s) {
  const text = `Sprint ${sprint.name}: ${s.donePoints}/${s.points} points done. Full report in reports/sprint-${sprint.id}.md.`;
  return { body: { type: 'doc', version: 1, content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] } };
}

function carryOver(issues) {
  // issues that were already in a previous sprint (Jira keeps closedSprints on the issue)
  return issues
    .filter((i) => (i.fields.closedSprints || []).length > 0)
    .map((i) => ({ key: i.key, sprints: i.fields.closedSprints.length }))
    .sort((a, b) => b.sprints - a.sprints);
}

async function trackingIssue(sprint) {
  const jql = encodeURIComponent(`project = OPS AND labels = sprint-tracking AND sprint = ${sprint.id}`);
  const res = await jira('GET', `/rest/api/3/search?jql=${jql}&maxResults=1&fields=summary`);
  return res.issues[0];
}

async function main() {
  const sprint = option('--sprint')
    ? await jira('GET', `/rest/agile/1.0/sprint/${Number(option('--sprint'))}`)
    : await activeSprint();
  const issues = await sprintIssues(sprint.id);
  const s = summarise(issues);
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, `sprint-${sprint.id}.md`);
  fs.writeFileSync(file, markdown(sprint, issues, s));
  fs.writeFileSync(file.replace(/\.md$/, '.json'), JSON.stringify({ sprint, summary: s }, null, 2));
  console.log(`${issues.length} issues; report ${path.relative(ROOT, file)}`);
  const carried = carryOver(issues);
  if (carried.length) console.log(`carried over: ${carried.map((c) => `${c.key}(${c.sprints})`).join(', ')}`);

  if (flag('--comment')) {
    const issue = await trackingIssue(sprint);
    if (!issue) {
      console.log('no tracking issue labelled sprint-tracking; not commenting');
      return;
    }
    await jira('POST', `/rest/api/3/issue/${issue.key}/comment`, adfComment(sprint, s));
    console.log(`commented on ${issue.key}`);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

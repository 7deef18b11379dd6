#!/usr/bin/env node
// scripts/audit-digest.js - summarise `npm audit --json` across workspaces
// and post the digest to a Slack channel via chat.postMessage.
//
// Env: SLACK_BOT_TOKEN (required unless --print), SLACK_CHANNEL (default
// #security-digest). Runs npm audit itself with a fixed argument list.
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const SLACK_URL = 'https://slack.com/api/chat.postMessage';
const SEVERITY_ORDER = ['critical', 'high', 'moderate', 'low', 'info'];
const EMOJI = { critical: ':rotating_light:', high: ':red_circle:', moderate: ':large_orange_circle:', low: ':white_circle:', info: ':information_source:' };

function runAudit(cwd) {
  const r = spawnSync('npm', ['audit', '--json', '--omit=dev'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!r.stdout) throw new Error(`npm audit produced no output in ${cwd}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

function workspaces(root) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const list = [root];
  for (const pattern of pkg.workspaces || []) {
    const dir = path.join(root, pattern.replace(/\/\*$/, ''));
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) {
      if (fs.existsSync(path.join(dir, name, 'package.json'))) list.push(path.join(dir, name));
    }
  }
  return list;
}

function summarise(report) {
  const counts = Object.fromEntries(SEVERITY_ORDER.map((s) => [s, 0]));
  const top = [];
  for (const [name, v] of Object.entries(report.vulnerabilities || {})) {
    counts[v.severity] = (counts[v.severity] || 0) + 1;
    const via = (v.via || []).find((x) => typeof x === 'object');
    top.push({
      name,
      severity: v.severity,
      title: via?.title || 'transitive',
      fix: v.fixAvailable ? (v.fixAvailable === true ? 'yes' : `via ${v.fixAvailable.name}`) : 'no',
    });
  }
  top.sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity));
  return { counts, top };
}

function blocks(results) {
  const total = Object.fromEntries(SEVERITY_ORDER.map((s) => [s, 0]));
  for (const r of results) for (const s of SEVERITY_ORDER) total[s] += r.counts[s] || 0;
  const headline = SEVERITY_ORDER.filter((s) => total[s])
    .map((s) => `${EMOJI[s]} ${total[s]} ${s}`)
    .join('  ') || ':white_check_mark: no known vulnerabilities';
  const out = [
    { type: 'header', text: { type: 'plain_text', text: 'Dependency audit' } },
    { type: 'section', text: { type: 'mrkdwn', text: headline } },
  ];
  for (const r of results) {
    if (!r.top.length) continue;
    const lines = r.top.slice(0, 6).map((t) => `${EMOJI[t.severity]} \`${t.name}\` ${t.title} (fix: ${t.fix})`);
    if (r.top.length > 6) lines.push(`... ${r.top.length - 6} more`);
    out.push({ type: 'section', text: { type: 'mrkdwn', text: `*${r.name}*\n${lines.join('\n')}` } });
  }
  return { total, blocks: out };
}

function previousTotals(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function trendLine(total, prev) {
  if (!prev) return null;
  const parts = [];
  for (const s of ['critical', 'high', 'moderate']) {
    const d = (total[s] || 0) - (prev[s] || 0);
    if (d !== 0) parts.push(`${s} ${d > 0 ? '+' : ''}${d}`);
  }
  return parts.length ? `since last digest: ${parts.join(', ')}` : 'no change since last digest';
}

function saveTotals(file, total) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(total));
}

async function postToSlack(payload) {
  const token = process.env.SLACK_BOT_TOKEN;
  if (!token) throw new Error('SLACK_BOT_TOKEN is not set (use --print to preview)');
  for (let attempt = 1; attempt <= 3; attempt++) {
    const res = await fetch(SLACK_URL, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(payload),
    });
    if (res.status === 429 && attempt < 3) {
      const wait = Number(res.headers.get('retry-after') || 2);
      await new Promise((r) => setTimeout(r, wait * 1000));
      continue;
    }
    const data = await res.json();
    if (!data.ok) throw new Error(`slack: ${data.error}`);
    return data;
  }
  throw new Error('slack: gave up after retries');
}

async function main() {
  const print = process.argv.includes('--print');
  const root = process.cwd();
  const results = [];
  for (const dir of workspaces(root)) {
    const name = path.relative(root, dir) || '(root)';
    if (!fs.existsSync(path.join(dir, 'package-lock.json')) && dir !== root) continue;
    process.stderr.write(`auditing ${name}...\n`);
    results.push({ name, ...summarise(runAudit(dir)) });
  }
  const { total, blocks: b } = blocks(results);
  const stateFile = path.join(root, 'reports', 'audit-digest-last.json');
  const trend = trendLine(total, previousTotals(stateFile));
  if (trend) b.splice(2, 0, { type: 'context', elements: [{ type: 'mrkdwn', text: trend }] });
  if (!print) saveTotals(stateFile, total);
  const payload = {
    channel: process.env.SLACK_CHANNEL || '#security-digest',
    text: `Dependency audit: ${total.critical} critical, ${total.high} high`,
    blocks: b,
  };
  if (print) {
    console.log(JSON.stringify(payload, undefined, 2));
    return;
  }
  const data = await postToSlack(payload);
  console.log(`posted to ${data.channel} (${data.ts})`);
  if (total.critical > 0) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

#!/usr/bin/env node
// ops/oncall-digest.js - weekly on-call digest: PagerDuty incidents for our
// services over the last 7 days, summarised into a Slack message.
//
// Env:
//   PAGERDUTY_TOKEN   read-only REST API key
//   PD_SERVICE_IDS    comma separated service ids (P123ABC,...)
//   SLACK_BOT_TOKEN   chat:write bot token
//   SLACK_CHANNEL     channel id
//
//   node ops/oncall-digest.js --days 7
//   node ops/oncall-digest.js --preview
'use strict';

const PD_API = 'https://api.pagerduty.com';
const SLACK_API = 'https://slack.com/api/chat.postMessage';
const SERVICE_ID_RE = /^P[A-Z0-9]{6}$/;

function env(name, { required = true } = {}) {
  const v = (process.env[name] || '').trim();
  if (required && !v) throw new Error(`${name} is not set`);
  return v;
}

function options() {
  const argv = process.argv.slice(2);
  const days = argv.includes('--days') ? Number(argv[argv.indexOf('--days') + 1]) : 7;
  if (!Number.isInteger(days) || days < 1 || days > 31) throw new Error('--days must be 1..31');
  return { days, preview: argv.includes('--preview') };
}

async function pd(pathAndQuery) {
  const res = await fetch(`${PD_API}${pathAndQuery}`, {
    headers: {
      Authorization: `Token token=${env('PAGERDUTY_TOKEN')}`,
      Accept: 'application/vnd.pagerduty+json;version=2',
    },
  });
  if (!res.ok) throw new Error(`PagerDuty ${res.status}: ${await res.text()}`);
  return res.json();
}

async function incidents(serviceIds, since, until) {
  const all = [];
  let offset = 0;
  for (;;) {
    const params = new URLSearchParams({ since, until, limit: '100', offset: String(offset), time_zone: 'UTC' });
    for (const id of serviceIds) params.append('service_ids[]', id);
    const page = await pd(`/incidents?${params}`);
    all.push(...page.incidents);
    if (!page.more) break;
    offset += page.limit;
  }
  return all;
}

function minutesBetween(a, b) {
  return Math.round((new Date(b) - new Date(a)) / 60000);
}

function summarise(list) {
  const byService = new Map();
  let nightPages = 0;
  const ttr = [];
  for (const inc of list) {
    const svc = inc.service?.summary || 'unknown';
    byService.set(svc, (byService.get(svc) || 0) + 1);
    const hour = new Date(inc.created_at).getUTCHours();
    if (hour < 6 || hour >= 22) nightPages++;
    if (inc.status === 'resolved' && inc.last_status_change_at) {
      ttr.push(minutesBetween(inc.created_at, inc.last_status_change_at));
    }
  }
  ttr.sort((a, b) => a - b);
  const median = ttr.length ? ttr[Math.floor(ttr.length / 2)] : null;
  const noisiest = [...byService].sort((a, b) => b[1] - a[1]).slice(0, 5);
  const high = list.filter((i) => i.urgency === 'high');
  return { total: list.length, high: high.length, nightPages, median, noisiest, open: list.filter((i) => i.status !== 'resolved') };
}

function busiestDay(list) {
  const byDay = new Map();
  for (const inc of list) {
    const day = inc.created_at.slice(0, 10);
    byDay.set(day, (byDay.get(day) || 0) + 1);
  }
  let best = null;
  for (const [day, n] of byDay) if (!best || n > best[1]) best = [day, n];
  return best;
}

function escalations(list) {
  // incidents that were escalated past the first level
  return list.filter((i) => (i.escalation_level || 1) > 1).length;
}

function message(s, days) {
  const head = `:pager: *On-call digest* (last ${days} days): ${s.total} incidents, ${s.high} high urgency, ${s.nightPages} at night`;
  const lines = [
    s.median !== null ? `Median time to resolve: *${s.median} min*` : 'No resolved incidents',
    '*Noisiest services:*',
    ...s.noisiest.map(([svc, n]) => `- ${svc}: ${n}`),
  ];
  if (s.open.length) {
    lines.push('*Still open:*', ...s.open.slice(0, 5).map((i) => `- <${i.html_url}|#${i.incident_number}> ${i.title}`));
  }
  return {
    text: head,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: head } },
      { type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } },
    ],
  };
}

async function postSlack(payload) {
  const channel = env('SLACK_CHANNEL');
  if (!/^[CG][A-Z0-9]{8,}$/.test(channel)) throw new Error('SLACK_CHANNEL must be a channel id');
  const res = await fetch(SLACK_API, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env('SLACK_BOT_TOKEN')}`, 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ channel, ...payload, unfurl_links: false }),
  });
  const data = await res.json();
  if (!data.ok) throw new Error(`Slack: ${data.error}`);
  return data.ts;
}

async function main() {
  const opts = options();
  const ids = env('PD_SERVICE_IDS').split(',').map((s) => s.trim()).filter(Boolean);
  for (const id of ids) if (!SERVICE_ID_RE.test(id)) throw new Error(`bad service id ${id}`);
  const until = new Date();
  const since = new Date(until.getTime() - opts.days * 86400000);
  const list = await incidents(ids, since.toISOString(), until.toISOString());
  const payload = message(summarise(list), opts.days);
  const peak = busiestDay(list);
  const extra = [`Escalated beyond level 1: ${escalations(list)}`];
  if (peak) extra.push(`Busiest day: ${peak[0]} (${peak[1]} incidents)`);
  payload.blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: extra.join(' | ') }] });
  if (opts.preview) {
    process.stdout.write(`${JSON.stringify(payload, null, 2)}\n`);
    return;
  }
  const ts = await postSlack(payload);
  console.log(`posted digest (${list.length} incidents), ts=${ts}`);
}

main().catch((e) => {
  console.error(`oncall-digest: ${e.message}`);
  process.exit(1);
});

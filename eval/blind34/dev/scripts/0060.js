#!/usr/bin/env node
// meta-insights.js - weekly export of Meta (Facebook/Instagram) ad insights
// for the marketing dashboard.  Read-only: only GET calls on /insights and
// /campaigns.  The long-lived system-user token with ads_read scope lives in
// .env as META_ADS_READ_TOKEN; ad account ids are in config/meta-ads.json.
//
//   node tools/meta-insights.js --since 2024-05-01 --until 2024-05-07
//   node tools/meta-insights.js --preset last_7d --level adset

'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const GRAPH = 'https://graph.facebook.com/v19.0';
const OUT = path.join(ROOT, 'build', 'meta');
const FIELDS = [
  'campaign_id', 'campaign_name', 'adset_name', 'date_start', 'date_stop',
  'impressions', 'reach', 'clicks', 'spend', 'cpm', 'ctr', 'actions',
];

function token() {
  const fromEnv = process.env.META_ADS_READ_TOKEN;
  if (fromEnv) return fromEnv;
  const file = path.join(ROOT, '.env');
  const m = fs.existsSync(file) && fs.readFileSync(file, 'utf8').match(/^META_ADS_READ_TOKEN=(.*)$/m);
  if (!m) throw new Error('META_ADS_READ_TOKEN is not set');
  return m[1].trim();
}

function args(argv) {
  const out = { level: 'campaign', preset: null, since: null, until: null };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, value] = [argv[i], argv[i + 1]];
    switch (flag) {
      case '--level': out.level = value; i += 1; break;
      case '--preset': out.preset = value; i += 1; break;
      case '--since': out.since = value; i += 1; break;
      case '--until': out.until = value; i += 1; break;
      default: throw new Error(`unknown flag ${flag}`);
    }
  }
  if (!['campaign', 'adset', 'ad'].includes(out.level)) throw new Error('--level must be campaign|adset|ad');
  if (!out.preset && !(out.since && out.until)) out.preset = 'last_7d';
  return out;
}

async function graphGet(route, params, accessToken) {
  const url = new URL(`${GRAPH}/${route}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  let delay = 2000;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${accessToken}` } });
    const body = await res.json();
    const code = body.error?.code;
    // 17/80004: rate limited; back off and retry
    if (code === 17 || code === 80004 || res.status >= 500) {
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    if (body.error) throw new Error(`${route}: ${body.error.message}`);
    return body;
  }
  throw new Error(`${route}: rate limited too long`);
}

async function* paged(route, params, accessToken) {
  let body = await graphGet(route, params, accessToken);
  for (;;) {
    yield* body.data ?? [];
    const next = body.paging?.cursors?.after;
    if (!body.paging?.next || !next) return;
    body = await graphGet(route, { ...params, after: next }, accessToken);
  }
}

function conversions(actions) {
  const wanted = new Set(['purchase', 'lead', 'complete_registration']);
  return (actions ?? []).filter((a) => wanted.has(a.action_type)).reduce((s, a) => s + Number(a.value), 0);
}

function toCsv(rows) {
  if (!rows.length) return '';
  const cols = Object.keys(rows[0]);
  const esc = (v) => {
    const s = String(v ?? '');
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [cols.join(','), ...rows.map((r) => cols.map((c) => esc(r[c])).join(','))].join('\n') + '\n';
}

async function exportAccount(account, opts, accessToken) {
  const params = { fields: FIELDS.join(','), level: opts.level, time_increment: 1, limit: 500 };
  if (opts.preset) params.date_preset = opts.preset;
  else params.time_range = { since: opts.since, until: opts.until };
  const rows = [];
  for await (const r of paged(`act_${account.id}/insights`, params, accessToken)) {
    rows.push({
      account: account.alias,
      date: r.date_start,
      campaign: r.campaign_name,
      adset: r.adset_name ?? '',
      impressions: Number(r.impressions ?? 0),
      reach: Number(r.reach ?? 0),
      clicks: Number(r.clicks ?? 0),
      spend: Number(r.spend ?? 0),
      ctr: Number(r.ctr ?? 0),
      conversions: conversions(r.actions),
    });
  }
  const statuses = {};
  for await (const c of paged(`act_${account.id}/campaigns`, { fields: 'name,effective_status', limit: 200 }, accessToken)) {
    statuses[c.name] = c.effective_status;
  }
  for (const row of rows) row.status = statuses[row.campaign] ?? 'UNKNOWN';
  return rows;
}

// Budget pacing: compares spend so far with the campaigns' configured daily
// budgets.  Purely a read of `daily_budget`; budgets are changed by the
// marketing team in Ads Manager, never by this script.
async function pacing(account, accessToken) {
  const rows = [];
  const fields = 'name,daily_budget,lifetime_budget,effective_status';
  for await (const c of paged(`act_${account.id}/campaigns`, { fields, limit: 200 }, accessToken)) {
    if (c.effective_status !== 'ACTIVE') continue;
    rows.push({ name: c.name, daily: Number(c.daily_budget ?? 0) / 100 });
  }
  const today = await graphGet(
    `act_${account.id}/insights`,
    { fields: 'campaign_name,spend', level: 'campaign', date_preset: 'today' },
    accessToken,
  );
  const spendToday = new Map((today.data ?? []).map((r) => [r.campaign_name, Number(r.spend)]));
  const hourFraction = (new Date().getHours() + 1) / 24;
  return rows.map((r) => {
    const spent = spendToday.get(r.name) ?? 0;
    const expected = r.daily * hourFraction;
    return {
      account: account.alias,
      campaign: r.name,
      daily: r.daily.toFixed(2),
      spentToday: spent.toFixed(2),
      pacing: expected ? `${Math.round((spent / expected) * 100)}%` : '-',
    };
  });
}

function weekOverWeek(current, previousFile) {
  if (!fs.existsSync(previousFile)) return null;
  const previous = JSON.parse(fs.readFileSync(previousFile, 'utf8'));
  const prevBy = new Map(previous.map((p) => [p.account, p]));
  return current.map((c) => {
    const p = prevBy.get(c.account);
    if (!p) return { account: c.account, spendChange: 'new' };
    const change = Number(p.spend) ? ((Number(c.spend) - Number(p.spend)) / Number(p.spend)) * 100 : 0;
    return { account: c.account, spendChange: `${change >= 0 ? '+' : ''}${change.toFixed(1)}%` };
  });
}

async function main() {
  const opts = args(process.argv.slice(2));
  const cfg = JSON.parse(fs.readFileSync(path.join(ROOT, 'config', 'meta-ads.json'), 'utf8'));
  const accessToken = token();
  console.error(`token ${accessToken.slice(0, 5)}… (${accessToken.length} chars), ${cfg.accounts.length} account(s)`);

  fs.mkdirSync(OUT, { recursive: true });
  const label = opts.preset ?? `${opts.since}_${opts.until}`;
  const summary = [];
  for (const account of cfg.accounts) {
    const rows = await exportAccount(account, opts, accessToken);
    fs.writeFileSync(path.join(OUT, `${account.alias}-${opts.level}-${label}.csv`), toCsv(rows));
    const spend = rows.reduce((s, r) => s + r.spend, 0);
    const conv = rows.reduce((s, r) => s + r.conversions, 0);
    summary.push({ account: account.alias, rows: rows.length, spend: spend.toFixed(2), conversions: conv,
      cpa: conv ? (spend / conv).toFixed(2) : '-' });
  }
  console.table(summary);
  const wow = weekOverWeek(summary, path.join(OUT, 'summary-last.json'));
  if (wow) console.table(wow);
  fs.writeFileSync(path.join(OUT, `summary-${label}.json`), JSON.stringify(summary, null, 2));
  fs.writeFileSync(path.join(OUT, 'summary-last.json'), JSON.stringify(summary, null, 2));

  if (process.argv.includes('--pacing')) {
    const all = [];
    for (const account of cfg.accounts) all.push(...(await pacing(account, accessToken)));
    console.table(all);
  }
}

main().catch((err) => {
  console.error(`meta-insights: ${err.message}`);
  process.exitCode = 1;
});

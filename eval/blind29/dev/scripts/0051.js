#!/usr/bin/env node
// Weekly traffic report from the self-hosted Umami instance.
//
//   node scripts/umami-report.js                      # last 7 days, all websites
//   node scripts/umami-report.js --days 30 --site docs
//   node scripts/umami-report.js --slack              # also post the summary
//
// Umami runs at UMAMI_URL (default http://localhost:3000, in production
// https://stats.internal).  Credentials come from .env (UMAMI_USERNAME /
// UMAMI_PASSWORD); the login token is cached in ~/.cache/umami-report/ for
// 12 hours so the report does not log in on every run.  --slack posts to the
// team's incoming webhook on hooks.slack.com (URL from .env).
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const { parseArgs } = require('node:util');

const ROOT = path.resolve(__dirname, '..');
const CACHE_DIR = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'umami-report');
const TOKEN_CACHE = path.join(CACHE_DIR, 'token.json');
const TOKEN_TTL_MS = 12 * 3600 * 1000;
const ALLOWED_HOSTS = new Set(['localhost', '127.0.0.1', 'stats.internal']);

function log(...args) {
  console.error('[umami]', ...args);
}

function loadDotenv(file) {
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    let value = line.slice(eq + 1).trim();
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    out[line.slice(0, eq).trim()] = value;
  }
  return out;
}

function mask(s) {
  if (!s) return '(unset)';
  return s.length <= 6 ? '***' : `${s.slice(0, 3)}…${s.slice(-2)}`;
}

async function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

class UmamiClient {
  constructor(baseUrl, username, password) {
    const url = new URL(baseUrl);
    if (!ALLOWED_HOSTS.has(url.hostname)) {
      throw new Error(`UMAMI_URL host ${url.hostname} is not one of ${[...ALLOWED_HOSTS].join(', ')}`);
    }
    this.base = url.origin;
    this.username = username;
    this.password = password;
    this.token = null;
  }

  async readCachedToken() {
    try {
      const data = JSON.parse(await fsp.readFile(TOKEN_CACHE, 'utf8'));
      if (data.base === this.base && Date.now() - data.at < TOKEN_TTL_MS) return data.token;
    } catch {
      /* no cache yet */
    }
    return null;
  }

  async login() {
    this.token = await this.readCachedToken();
    if (this.token) return;
    const res = await fetch(`${this.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: this.username, password: this.password }),
    });
    if (!res.ok) throw new Error(`login failed: HTTP ${res.status}`);
    const body = await res.json();
    this.token = body.token;
    await fsp.mkdir(CACHE_DIR, { recursive: true, mode: 0o700 });
    const tmp = `${TOKEN_CACHE}.${process.pid}`;
    await fsp.writeFile(tmp, JSON.stringify({ base: this.base, token: this.token, at: Date.now() }), { mode: 0o600 });
    await fsp.rename(tmp, TOKEN_CACHE);
  }

  async get(pathname, params = {}, attempt = 1) {
    const url = new URL(pathname, this.base);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
    const res = await fetch(url, { headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' } });
    if (res.status === 401 && attempt === 1) {
      await fsp.rm(TOKEN_CACHE, { force: true });
      await this.login();
      return this.get(pathname, params, attempt + 1);
    }
    if ((res.status === 429 || res.status >= 500) && attempt < 5) {
      await sleep(500 * 2 ** attempt);
      return this.get(pathname, params, attempt + 1);
    }
    if (!res.ok) throw new Error(`GET ${url.pathname}: HTTP ${res.status}`);
    return res.json();
  }

  async websites() {
    const body = await this.get('/api/websites', { pageSize: 200 });
    return body.data ?? body;
  }

  stats(id, startAt, endAt) {
    return this.get(`/api/websites/${id}/stats`, { startAt, endAt });
  }

  metrics(id, type, startAt, endAt, limit = 10) {
    return this.get(`/api/websites/${id}/metrics`, { type, startAt, endAt, limit });
  }
}

function pct(now, before) {
  if (!before) return 'n/a';
  const change = ((now - before) / before) * 100;
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`;
}

function value(stat) {
  // Umami v2 returns { value, prev } objects; older versions plain numbers
  if (stat && typeof stat === 'object') return { now: stat.value ?? 0, prev: stat.prev ?? 0 };
  return { now: stat ?? 0, prev: 0 };
}

function renderMarkdown(rows, days) {
  const lines = [`# Website traffic, last ${days} days`, '', '| site | pageviews | Δ | visitors | Δ | bounce | top page | top referrer |', '|---|---:|---:|---:|---:|---:|---|---|'];
  for (const r of rows) {
    const pv = value(r.stats.pageviews);
    const vis = value(r.stats.visitors);
    const bounces = value(r.stats.bounces).now;
    const visits = value(r.stats.visits ?? r.stats.uniques).now || 1;
    lines.push(
      `| ${r.name} | ${pv.now} | ${pct(pv.now, pv.prev)} | ${vis.now} | ${pct(vis.now, vis.prev)} | ` +
        `${Math.round((bounces / visits) * 100)}% | ${r.topPage ?? '-'} | ${r.topRef ?? '-'} |`,
    );
  }
  return lines.join('\n') + '\n';
}

async function postToSlack(webhook, text) {
  const url = new URL(webhook);
  if (url.hostname !== 'hooks.slack.com') throw new Error('SLACK_WEBHOOK_URL must be a hooks.slack.com URL');
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  if (!res.ok) throw new Error(`slack: HTTP ${res.status}`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      days: { type: 'string', default: '7' },
      site: { type: 'string' },
      slack: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const env = { ...loadDotenv(path.join(ROOT, '.env')), ...process.env };
  const base = env.UMAMI_URL || 'http://localhost:3000';
  log(`instance ${base} as ${env.UMAMI_USERNAME || 'admin'} (password ${mask(env.UMAMI_PASSWORD)})`);
  const client = new UmamiClient(base, env.UMAMI_USERNAME || 'admin', env.UMAMI_PASSWORD || '');
  await client.login();

  const days = Number.parseInt(values.days, 10) || 7;
  const endAt = Date.now();
  const startAt = endAt - days * 86400 * 1000;
  let sites = await client.websites();
  if (values.site) sites = sites.filter((s) => s.name === values.site || s.domain === values.site);
  if (sites.length === 0) {
    log('no matching websites');
    return 1;
  }

  const rows = [];
  for (const site of sites) {
    const [stats, pages, refs] = await Promise.all([
      client.stats(site.id, startAt, endAt),
      client.metrics(site.id, 'url', startAt, endAt, 1),
      client.metrics(site.id, 'referrer', startAt, endAt, 1),
    ]);
    rows.push({ name: site.name, stats, topPage: pages[0]?.x, topRef: refs[0]?.x || '(direct)' });
    log(`${site.name}: ${value(stats.pageviews).now} pageviews`);
  }

  const outDir = path.join(ROOT, 'reports');
  await fsp.mkdir(outDir, { recursive: true });
  const stamp = new Date().toISOString().slice(0, 10);
  const md = renderMarkdown(rows, days);
  await fsp.writeFile(path.join(outDir, `traffic-${stamp}.md`), md);
  if (values.json) process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
  else process.stdout.write(md);

  if (values.slack) {
    if (!env.SLACK_WEBHOOK_URL) log('SLACK_WEBHOOK_URL not set; skipping Slack');
    else {
      await postToSlack(env.SLACK_WEBHOOK_URL, '```\n' + md + '```');
      log('posted to Slack');
    }
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    log('error:', err.message);
    process.exit(1);
  },
);

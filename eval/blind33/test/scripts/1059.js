#!/usr/bin/env node
/*
 * traefik-watch.js - watch the dev Traefik for routing problems.
 *
 * Polls the Traefik API (TRAEFIK_API, default http://localhost:8082/api) and
 * reports changes between polls:
 *   - routers or services that appear/disappear
 *   - routers whose status is not "enabled" (with the error Traefik reports)
 *   - services whose servers are all DOWN according to health checks
 *   - certificate resolvers with errors in the overview
 * Optionally (--notify) posts a short message to the team Slack webhook
 * (SLACK_WEBHOOK_URL, hooks.slack.com only) when something breaks.
 *
 * Read-only: the Traefik API is read-only by design; this script only GETs.
 *
 *   node ops/traefik/watch.js
 *   node ops/traefik/watch.js --interval 10 --notify
 *   node ops/traefik/watch.js --once --json
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const API = (process.env.TRAEFIK_API || 'http://localhost:8082/api').replace(/\/$/, '');
const ROOT = path.resolve(__dirname, '..', '..');
const wait = (ms) => new Promise((done) => setTimeout(done, ms));
// exit codes: 0 healthy, 1 problems found (--once), 2 API unreachable

function options(argv) {
  const opts = { interval: 15, once: false, json: false, notify: false };
  for (let i = 0; i < argv.length; i += 1) {
    switch (argv[i]) {
      case '--interval':
        opts.interval = Number(argv[(i += 1)]);
        break;
      case '--once':
        opts.once = true;
        break;
      case '--json':
        opts.json = true;
        break;
      case '--notify':
        opts.notify = true;
        break;
      default:
        throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (!Number.isFinite(opts.interval) || opts.interval < 2) throw new Error('--interval must be >= 2 seconds');
  return opts;
}

function checkApiHost() {
  const host = new URL(API).hostname;
  if (!['localhost', '127.0.0.1'].includes(host) && !host.endsWith('.internal')) {
    throw new Error(`TRAEFIK_API host ${host} is not local/internal`);
  }
}

async function getJson(route) {
  const res = await fetch(`${API}${route}`, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`Traefik API ${route} returned ${res.status}`);
  return res.json();
}

async function snapshot() {
  const [routers, services, overview] = await Promise.all([
    getJson('/http/routers'),
    getJson('/http/services'),
    getJson('/overview'),
  ]);
  const byName = (list) => Object.fromEntries(list.map((x) => [x.name, x]));
  return { at: new Date().toISOString(), routers: byName(routers), services: byName(services), overview };
}

function diffKeys(before, after) {
  const b = new Set(Object.keys(before));
  const a = new Set(Object.keys(after));
  return {
    added: [...a].filter((k) => !b.has(k)).sort(),
    removed: [...b].filter((k) => !a.has(k)).sort(),
  };
}

function problems(snap) {
  const out = [];
  for (const r of Object.values(snap.routers)) {
    if (r.status !== 'enabled') out.push(`router ${r.name}: ${r.status}${r.error ? ` (${r.error.join('; ')})` : ''}`);
  }
  for (const s of Object.values(snap.services)) {
    const status = s.serverStatus || {};
    const servers = Object.keys(status);
    if (servers.length && servers.every((k) => status[k] === 'DOWN')) {
      out.push(`service ${s.name}: all ${servers.length} server(s) DOWN`);
    }
    if (s.status && s.status !== 'enabled') out.push(`service ${s.name}: ${s.status}`);
  }
  const http = snap.overview.http || {};
  for (const kind of ['routers', 'services', 'middlewares']) {
    const c = http[kind] || {};
    if (c.errors) out.push(`${c.errors} ${kind} with errors`);
  }
  return out.sort();
}

function slackWebhook() {
  let url = process.env.SLACK_WEBHOOK_URL;
  const envFile = path.join(ROOT, '.env');
  if (!url && fs.existsSync(envFile)) {
    const m = /^SLACK_WEBHOOK_URL=(.*)$/m.exec(fs.readFileSync(envFile, 'utf8'));
    url = m && m[1].trim();
  }
  if (!url) return null;
  if (new URL(url).hostname !== 'hooks.slack.com') throw new Error('SLACK_WEBHOOK_URL must be a hooks.slack.com URL');
  return url;
}

async function notify(lines) {
  const url = slackWebhook();
  if (!url) {
    console.error('--notify given but SLACK_WEBHOOK_URL is not configured');
    return;
  }
  const text = `:warning: dev Traefik problems:\n${lines.map((l) => `• ${l}`).join('\n')}`;
  await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text }) });
}

function report(prev, snap, opts) {
  const issues = problems(snap);
  if (opts.json) {
    console.log(JSON.stringify({ at: snap.at, issues, overview: snap.overview }, null, 2));
    return issues;
  }
  if (prev) {
    const r = diffKeys(prev.routers, snap.routers);
    const s = diffKeys(prev.services, snap.services);
    for (const k of r.added) console.log(`${snap.at} + router ${k}`);
    for (const k of r.removed) console.log(`${snap.at} - router ${k}`);
    for (const k of s.added) console.log(`${snap.at} + service ${k}`);
    for (const k of s.removed) console.log(`${snap.at} - service ${k}`);
  } else {
    console.log(`${snap.at} ${Object.keys(snap.routers).length} routers, ${Object.keys(snap.services).length} services`);
  }
  for (const line of issues) console.log(`${snap.at} ! ${line}`);
  return issues;
}

async function main() {
  const opts = options(process.argv.slice(2));
  checkApiHost();
  const version = await getJson('/version').catch(() => ({ Version: 'unknown' }));
  if (!opts.json) console.log(`watching Traefik ${version.Version} at ${API}`);
  let prev = null;
  let prevIssues = '';
  let stop = false;
  process.on('SIGINT', () => {
    stop = true;
  });
  do {
    try {
      const snap = await snapshot();
      const issues = report(prev, snap, opts);
      const key = issues.join('\n');
      if (opts.notify && issues.length && key !== prevIssues) await notify(issues);
      prevIssues = key;
      prev = snap;
      if (opts.once) process.exitCode = issues.length ? 1 : 0;
    } catch (err) {
      console.error(`${new Date().toISOString()} poll failed: ${err.message}`);
      if (opts.once) process.exitCode = 2;
    }
    if (!opts.once && !stop) await wait(opts.interval * 1000);
  } while (!opts.once && !stop);
}

main().catch((err) => {
  console.error(`traefik-watch: ${err.message}`);
  process.exitCode = 2;
});

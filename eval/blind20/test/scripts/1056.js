#!/usr/bin/env node
/**
 * tools/slack-replay.js - replay Slack Events API / interactivity payloads to
 * the local bot (Bolt app on http://localhost:3030/slack/events).
 *
 * Each payload in test/fixtures/slack/*.json is signed exactly like Slack does:
 *   v0:<timestamp>:<body>  HMAC-SHA256 with SLACK_SIGNING_SECRET  ->  X-Slack-Signature
 * The signing secret is the DEV app's secret from .env. Optionally --live-users
 * resolves user ids in the fixtures to real display names through
 * https://slack.com/api/users.info using SLACK_BOT_TOKEN, so the rendered
 * messages in the local bot look like the workspace.
 */
'use strict';

// Fixture format (test/fixtures/slack/*.json):
//   { "kind": "event" | "interactive", "payload": { ... } }
// Event payloads are the full envelope Slack posts (type: event_callback,
// team_id, event: {...}); interactive payloads are block_actions or
// view_submission objects and are sent form-encoded like Slack does.
//
// Capturing new fixtures: enable "log raw payloads" in the local bot
// (BOT_DEBUG_PAYLOADS=1), reproduce in the dev workspace, copy from the log,
// and replace user ids you do not want in the repo with fake U0000000 ids.
//
// The replay uses the DEV app's signing secret only; production secrets are
// not available on laptops.

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');

const ROOT = path.resolve(__dirname, '..');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'slack');
const TARGET = process.env.SLACK_REPLAY_URL || 'http://localhost:3030/slack/events';

function loadEnvFile(file) {
  if (!fs.existsSync(file)) return {};
  const out = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) out[m[1]] = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

const env = { ...loadEnvFile(path.join(ROOT, '.env')), ...process.env };

function requireLocal(url) {
  const { hostname } = new URL(url);
  if (!['localhost', '127.0.0.1', '::1'].includes(hostname)) {
    throw new Error(`SLACK_REPLAY_URL must be local (got ${hostname})`);
  }
}

function signBody(body, secret, ts) {
  const base = `v0:${ts}:${body}`;
  return `v0=${crypto.createHmac('sha256', secret).update(base).digest('hex')}`;
}

function encodeBody(fixture) {
  // interactivity payloads are form-encoded with a JSON "payload" field
  if (fixture.kind === 'interactive') {
    return {
      body: new URLSearchParams({ payload: JSON.stringify(fixture.payload) }).toString(),
      type: 'application/x-www-form-urlencoded',
    };
  }
  return { body: JSON.stringify(fixture.payload), type: 'application/json' };
}

const userCache = new Map();

async function displayName(userId, token) {
  if (userCache.has(userId)) return userCache.get(userId);
  const res = await fetch(`https://slack.com/api/users.info?user=${encodeURIComponent(userId)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (res.status === 429) {
    await sleep(Number(res.headers.get('retry-after') || 1) * 1000);
    return displayName(userId, token);
  }
  const data = await res.json();
  const name = data.ok ? (data.user.profile.display_name || data.user.real_name) : userId;
  userCache.set(userId, name);
  return name;
}

async function enrich(fixture, token) {
  const text = JSON.stringify(fixture.payload);
  const ids = [...new Set(text.match(/\bU[A-Z0-9]{8,}\b/g) || [])];
  const names = {};
  for (const id of ids) names[id] = await displayName(id, token);
  fixture.payload.__display_names = names;
  return fixture;
}

async function send(fixture, secret) {
  const { body, type } = encodeBody(fixture);
  const ts = Math.floor(Date.now() / 1000).toString();
  const res = await fetch(TARGET, {
    method: 'POST',
    headers: {
      'content-type': type,
      'x-slack-request-timestamp': ts,
      'x-slack-signature': signBody(body, secret, ts),
      'x-slack-retry-num': '0',
    },
    body,
  });
  return { status: res.status, text: (await res.text()).slice(0, 200) };
}

/**
 * The Bolt app must reject a stale timestamp (older than 5 minutes) and a bad
 * signature; --negative sends one of each and expects 401s.
 */
async function negativeChecks(secret) {
  const body = JSON.stringify({ type: 'url_verification', challenge: 'negative-check' });
  const stale = Math.floor(Date.now() / 1000 - 600).toString();
  const cases = [
    { name: 'stale timestamp', ts: stale, sig: signBody(body, secret, stale) },
    { name: 'bad signature', ts: Math.floor(Date.now() / 1000).toString(), sig: 'v0=deadbeef' },
  ];
  let failures = 0;
  for (const c of cases) {
    const res = await fetch(TARGET, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': c.ts, 'x-slack-signature': c.sig },
      body,
    });
    const ok = res.status === 401 || res.status === 403;
    if (!ok) failures += 1;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${res.status} negative: ${c.name}`);
  }
  return failures;
}

function fixtures(filter) {
  return fs.readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.json'))
    .filter((f) => !filter.length || filter.some((x) => f.includes(x)))
    .sort()
    .map((f) => ({ file: f, ...JSON.parse(fs.readFileSync(path.join(FIXTURES, f), 'utf8')) }));
}

async function main() {
  const args = process.argv.slice(2);
  const liveUsers = args.includes('--live-users');
  const filter = args.filter((a) => !a.startsWith('--'));
  requireLocal(TARGET);
  const secret = env.SLACK_SIGNING_SECRET;
  if (!secret) throw new Error('SLACK_SIGNING_SECRET missing (.env)');
  const token = liveUsers ? env.SLACK_BOT_TOKEN : null;
  if (liveUsers && !token) throw new Error('--live-users needs SLACK_BOT_TOKEN');

  let failed = args.includes('--negative') ? await negativeChecks(secret) : 0;
  for (const fx of fixtures(filter)) {
    const fixture = token ? await enrich(fx, token) : fx;
    let result;
    try {
      result = await send(fixture, secret);
    } catch (err) {
      result = { status: 0, text: err.message };
    }
    const ok = result.status >= 200 && result.status < 300;
    if (!ok) failed += 1;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${String(result.status).padStart(3)} ${fx.file}${ok ? '' : `  ${result.text}`}`);
    await sleep(Number(process.env.SLACK_REPLAY_DELAY_MS || 100));
  }
  if (failed) {
    console.error(`${failed} payload(s) rejected`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(`slack-replay: ${err.message}`);
  process.exitCode = 1;
});

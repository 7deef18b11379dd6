#!/usr/bin/env node
// fcm-test-send.js - send a test notification through FCM HTTP v1 to the QA
// device tokens listed in fixtures/fcm-qa-tokens.json.
//
//   node tools/fcm-test-send.js                  # validate_only (dry run at Google)
//   node tools/fcm-test-send.js --live           # really deliver to QA devices
//   node tools/fcm-test-send.js --live --topic qa-builds
//
// Auth: the service-account JSON in secrets/ (path from config/push.json) is
// used to sign a JWT assertion that is exchanged at oauth2.googleapis.com for
// an access token with the firebase.messaging scope — the documented flow.
// Messages go to fcm.googleapis.com for the project id in that file.  Topic
// sends are restricted to topics starting with "qa-".

'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const CACHE = path.join(ROOT, 'build', '.fcm-token.json');

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function loadConfig() {
  const cfg = readJson(path.join(ROOT, 'config', 'push.json'));
  const saPath = path.resolve(ROOT, cfg.fcm?.serviceAccount ?? 'secrets/fcm-dev.json');
  if (!saPath.startsWith(path.join(ROOT, 'secrets') + path.sep)) {
    throw new Error('service account must live in secrets/');
  }
  const sa = readJson(saPath);
  for (const field of ['client_email', 'private_key', 'project_id']) {
    if (!sa[field]) throw new Error(`${path.basename(saPath)} lacks ${field}`);
  }
  return { sa, tokensFile: path.join(ROOT, cfg.fcm?.qaTokens ?? 'fixtures/fcm-qa-tokens.json') };
}

const b64url = (input) => Buffer.from(input).toString('base64url');

function assertion(sa) {
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: sa.private_key_id }));
  const claims = b64url(
    JSON.stringify({ iss: sa.client_email, scope: SCOPE, aud: TOKEN_URL, iat: now, exp: now + 3600 }),
  );
  const signer = crypto.createSign('RSA-SHA256');
  signer.update(`${header}.${claims}`);
  return `${header}.${claims}.${b64url(signer.sign(sa.private_key))}`;
}

async function accessToken(sa) {
  try {
    const cached = readJson(CACHE);
    if (cached.client === sa.client_email && cached.expires_at > Date.now() + 60000) return cached.token;
  } catch {
    // no cache yet
  }
  const res = await fetch(TOKEN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: assertion(sa),
    }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`token exchange failed: ${body.error_description ?? res.status}`);
  fs.mkdirSync(path.dirname(CACHE), { recursive: true });
  fs.writeFileSync(
    CACHE,
    JSON.stringify({ client: sa.client_email, token: body.access_token, expires_at: Date.now() + body.expires_in * 1000 }),
    { mode: 0o600 },
  );
  return body.access_token;
}

function buildMessage(target, opts) {
  return {
    ...target,
    notification: { title: opts.title, body: opts.body },
    data: { sentBy: process.env.USER ?? 'dev', build: opts.build },
    android: { priority: 'high', notification: { channel_id: 'qa' } },
    apns: { headers: { 'apns-priority': '10' }, payload: { aps: { sound: 'default' } } },
  };
}

async function send(sa, token, message, validateOnly) {
  const url = `https://fcm.googleapis.com/v1/projects/${sa.project_id}/messages:send`;
  let delay = 500;
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ validate_only: validateOnly, message }),
    });
    if (res.status === 429 || res.status >= 500) {
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    const body = await res.json();
    if (!res.ok) return { ok: false, error: body.error?.status ?? String(res.status), detail: body.error?.message };
    return { ok: true, name: body.name };
  }
  return { ok: false, error: 'RETRIES_EXHAUSTED' };
}

// Append one JSON line per attempt so QA can match deliveries with device
// logs; tokens are truncated to their first 12 characters.
const RESULTS = path.join(ROOT, 'build', 'fcm-results.jsonl');

function record(label, target, result, live) {
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  const entry = {
    at: new Date().toISOString(),
    label,
    target: target.token ? `${target.token.slice(0, 12)}…` : `topic:${target.topic}`,
    live,
    ok: result.ok,
    error: result.error ?? null,
  };
  fs.appendFileSync(RESULTS, `${JSON.stringify(entry)}\n`);
}

function summarise(file) {
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n').slice(-200);
  const counts = {};
  for (const line of lines) {
    const { error } = JSON.parse(line);
    const key = error ?? 'OK';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

function parseArgs(argv) {
  const opts = { live: false, topic: null, title: 'QA build', body: 'FCM test message', build: 'local' };
  for (let i = 0; i < argv.length; i += 1) {
    switch (argv[i]) {
      case '--live': opts.live = true; break;
      case '--topic': opts.topic = argv[++i]; break;
      case '--title': opts.title = argv[++i]; break;
      case '--body': opts.body = argv[++i]; break;
      case '--build': opts.build = argv[++i]; break;
      default: throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (opts.topic && !/^qa-[a-z0-9-]+$/.test(opts.topic)) {
    throw new Error('only qa-* topics may be used from this script');
  }
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { sa, tokensFile } = loadConfig();
  console.error(`project ${sa.project_id} as ${sa.client_email.split('@')[0]}@… (${opts.live ? 'LIVE' : 'validate_only'})`);
  const token = await accessToken(sa);

  const targets = opts.topic
    ? [{ label: `topic ${opts.topic}`, target: { topic: opts.topic } }]
    : readJson(tokensFile).map((d) => ({ label: d.name, target: { token: d.token } }));

  let failures = 0;
  const stale = [];
  for (const { label, target } of targets) {
    const result = await send(sa, token, buildMessage(target, opts), !opts.live);
    record(label, target, result, opts.live);
    if (result.ok) {
      console.log(`ok   ${label} ${result.name ?? ''}`);
    } else {
      failures += 1;
      console.log(`FAIL ${label} ${result.error} ${result.detail ?? ''}`);
      if (result.error === 'NOT_FOUND' || result.error === 'UNREGISTERED') stale.push(label);
    }
  }
  if (stale.length) console.error(`stale tokens (re-register these devices): ${stale.join(', ')}`);
  if (!opts.live) console.error('validate_only: nothing was delivered; add --live to send');
  const history = summarise(RESULTS);
  if (history) console.error(`last 200 attempts: ${JSON.stringify(history)}`);
  process.exitCode = failures ? 1 : 0;
}

main().catch((err) => {
  console.error(`fcm-test-send: ${err.message}`);
  process.exitCode = 1;
});

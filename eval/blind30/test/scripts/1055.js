#!/usr/bin/env node
/*
 * kratos-smoke.js - end-to-end smoke test of the self-service flows on the local Kratos
 *
 *   node e2e/kratos-smoke.js                  # registration, login, settings, recovery
 *   node e2e/kratos-smoke.js --keep           # keep the created test identity
 *
 * Runs against the docker-compose stack: public API http://127.0.0.1:4433, admin API
 * http://127.0.0.1:4434, Mailpit http://127.0.0.1:8025 for the recovery code. Creates a
 * throwaway identity test+<random>@example.com with a random password and deletes it
 * through the admin API at the end (only that identity, by its id).
 */
'use strict';

const crypto = require('crypto');

const PUBLIC = process.env.KRATOS_PUBLIC || 'http://127.0.0.1:4433';
const ADMIN = process.env.KRATOS_ADMIN || 'http://127.0.0.1:4434';
const MAILPIT = process.env.MAILPIT || 'http://127.0.0.1:8025';
const KEEP = process.argv.slice(2).includes('--keep');

for (const url of [PUBLIC, ADMIN, MAILPIT]) {
  const { hostname } = new URL(url);
  if (!['localhost', '127.0.0.1'].includes(hostname)) {
    console.error(`refusing non-local endpoint ${url}`);
    process.exit(2);
  }
}

const results = [];
function record(name, ok, detail = '') {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
}

async function json(res) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return { raw: text };
  }
}

async function apiFlow(kind) {
  const res = await fetch(`${PUBLIC}/self-service/${kind}/api`);
  if (!res.ok) throw new Error(`init ${kind}: HTTP ${res.status}`);
  return res.json();
}

async function submit(flow, kind, body, sessionToken) {
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (sessionToken) headers['X-Session-Token'] = sessionToken;
  const res = await fetch(`${PUBLIC}/self-service/${kind}?flow=${flow.id}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: await json(res) };
}

function messages(body) {
  const ui = body.ui || {};
  const all = [...(ui.messages || []), ...(ui.nodes || []).flatMap((n) => n.messages || [])];
  return all.map((m) => m.text).join('; ');
}

async function register(email, password) {
  const flow = await apiFlow('registration');
  const r = await submit(flow, 'registration', {
    method: 'password',
    password,
    traits: { email, name: { first: 'Smoke', last: 'Test' } },
  });
  if (r.status !== 200) throw new Error(`registration: ${r.status} ${messages(r.body)}`);
  return { identityId: r.body.identity.id, session: r.body.session_token };
}

async function login(email, password) {
  const flow = await apiFlow('login');
  const r = await submit(flow, 'login', { method: 'password', identifier: email, password });
  if (r.status !== 200) throw new Error(`login: ${r.status} ${messages(r.body)}`);
  return r.body.session_token;
}

async function whoami(token) {
  const res = await fetch(`${PUBLIC}/sessions/whoami`, { headers: { 'X-Session-Token': token } });
  return res.ok ? res.json() : null;
}

async function changeName(token) {
  const res = await fetch(`${PUBLIC}/self-service/settings/api`, { headers: { 'X-Session-Token': token } });
  const flow = await res.json();
  const current = flow.identity.traits;
  const r = await submit(flow, 'settings', { method: 'profile', traits: { ...current, name: { first: 'Changed', last: 'Name' } } }, token);
  if (r.status !== 200) throw new Error(`settings: ${r.status} ${messages(r.body)}`);
  return r.body.identity.traits.name.first;
}

async function latestCode(email) {
  for (let i = 0; i < 20; i += 1) {
    const res = await fetch(`${MAILPIT}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`);
    const data = await res.json();
    if (data.messages && data.messages.length) {
      const msg = await (await fetch(`${MAILPIT}/api/v1/message/${data.messages[0].ID}`)).json();
      const m = /\b(\d{6})\b/.exec(msg.Text || '');
      if (m) return m[1];
    }
    await new Promise((r) => setTimeout(r, 450));
  }
  return null;
}

async function recovery(email) {
  const flow = await apiFlow('recovery');
  const first = await submit(flow, 'recovery', { method: 'code', email });
  if (first.status !== 200) throw new Error(`recovery start: ${first.status}`);
  const code = await latestCode(email);
  if (!code) throw new Error('no recovery code arrived in Mailpit');
  const second = await submit(first.body, 'recovery', { method: 'code', code });
  return second.status === 200 || second.status === 422 ? code : null;
}

async function deleteIdentity(id) {
  const res = await fetch(`${ADMIN}/admin/identities/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return res.status === 204 || res.status === 404;
}

async function wrongPassword(email) {
  // a wrong password must be rejected with a 400 and a useful message
  const flow = await apiFlow('login');
  const r = await submit(flow, 'login', { method: 'password', identifier: email, password: 'definitely-wrong-password' });
  if (r.status !== 400) throw new Error(`expected 400, got ${r.status}`);
  return messages(r.body) || 'rejected';
}

async function sessionList(identityId) {
  const res = await fetch(`${ADMIN}/admin/identities/${encodeURIComponent(identityId)}/sessions`);
  if (!res.ok) throw new Error(`sessions: HTTP ${res.status}`);
  const sessions = await res.json();
  return `${sessions.length} active session(s)`;
}

async function step(name, fn) {
  try {
    const detail = await fn();
    record(name, true, detail ? String(detail) : '');
    return true;
  } catch (err) {
    record(name, false, err.message);
    return false;
  }
}

async function main() {
  const health = await fetch(`${PUBLIC}/health/ready`).catch(() => null);
  if (!health || !health.ok) throw new Error('Kratos is not running (docker compose up kratos mailpit)');
  const email = `test+${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = crypto.randomBytes(18).toString('base64url');
  let identityId = null;
  let token = null;
  await step('registration', async () => {
    const r = await register(email, password);
    identityId = r.identityId;
    return identityId;
  });
  await step('login', async () => {
    token = await login(email, password);
    return 'session issued';
  });
  await step('whoami', async () => {
    const s = await whoami(token);
    if (!s || s.identity.id !== identityId) throw new Error('session does not belong to the new identity');
    return s.authenticator_assurance_level;
  });
  await step('wrong password', async () => wrongPassword(email));
  await step('admin sessions', async () => sessionList(identityId));
  await step('settings', async () => changeName(token));
  await step('recovery', async () => `code ${(await recovery(email)) ? 'accepted' : 'rejected'}`);
  if (identityId && !KEEP) {
    await step('cleanup', async () => ((await deleteIdentity(identityId)) ? `deleted ${identityId}` : 'delete failed'));
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`${results.length - failed}/${results.length} steps passed`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(`kratos-smoke: ${err.message}`);
  process.exit(1);
});

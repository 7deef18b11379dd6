#!/usr/bin/env node
/*
 * ops/pd-maintenance.js
 *
 * Open and close PagerDuty maintenance windows for the ledger services
 * around planned work, so nobody gets paged for expected alerts.
 *
 *   node ops/pd-maintenance.js open --minutes 60 --reason "pg 16 upgrade"           # plan
 *   node ops/pd-maintenance.js open --minutes 60 --reason "pg 16 upgrade" --apply
 *   node ops/pd-maintenance.js list
 *   node ops/pd-maintenance.js close --apply                                         # end ours early
 *
 * Services come from ops/pagerduty.json (service IDs of the ledger
 * services only). Windows created here carry the description prefix
 * "[pd-maintenance.js]"; `close` only ends windows with that prefix.
 * PAGERDUTY_TOKEN (REST API key) and PAGERDUTY_FROM (requester email) come
 * from the environment; the key is sent to api.pagerduty.com only.
 * Windows are capped at 4 hours.
 *
 * ops/pagerduty.json example:
 *   {
 *     "services": [
 *       { "id": "PABC123", "name": "ledger-api" },
 *       { "id": "PDEF456", "name": "ledger-worker" }
 *     ]
 *   }
 *
 * Why a tool and not the web UI: the window must cover exactly the ledger
 * services (not the whole team's services), and the description tag lets
 * `close` find and end only the windows that were opened for the work at
 * hand. Windows opened by other people or tools are never modified.
 *
 * The window starts one minute in the future so PagerDuty accepts it even
 * with small clock skew.
 *
 * Exit codes: 0 ok, 1 error (message on stderr).
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');

const API = 'https://api.pagerduty.com';
const TAG = '[pd-maintenance.js]';
const MAX_MINUTES = 240;
const CONFIG = JSON.parse(fs.readFileSync(path.join(__dirname, 'pagerduty.json'), 'utf8'));

// PagerDuty's REST API v2 needs the Accept header with the version and a
// From header naming a valid user for write calls; both are set in pd().
// The API key is an account-level REST key stored in the team vault.
// Rate limits (HTTP 429) are retried with backoff.
// Deleting a window that already ended is a no-op on PagerDuty's side.
function stop(msg) {
  console.error(`pd-maintenance: ${msg}`);
  process.exit(1);
}

function credentials() {
  const token = process.env.PAGERDUTY_TOKEN;
  const from = process.env.PAGERDUTY_FROM;
  if (!token || !from) stop('PAGERDUTY_TOKEN and PAGERDUTY_FROM must be set');
  return { token, from };
}

async function pd(creds, method, p, body) {
  let delay = 1000;
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const res = await fetch(`${API}${p}`, {
      method,
      headers: {
        Authorization: `Token token=${creds.token}`,
        Accept: 'application/vnd.pagerduty+json;version=2',
        'Content-Type': 'application/json',
        From: creds.from,
      },
      body: body == null ? undefined : JSON.stringify(body),
    });
    if (res.status >= 500 || res.status === 429) {
      await new Promise((wake) => setTimeout(wake, delay));
      delay *= 2;
      continue;
    }
    if (!res.ok) throw new Error(`pagerduty ${method} ${p}: HTTP ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : await res.json();
  }
  throw new Error(`${method} ${p}: retries exhausted`);
}

function serviceRefs() {
  if (!Array.isArray(CONFIG.services) || CONFIG.services.length === 0) stop('no services in pagerduty.json');
  for (const s of CONFIG.services) {
    if (!/^P[A-Z0-9]{6}$/.test(s.id)) stop(`bad service id ${s.id}`);
  }
  return CONFIG.services.map((s) => ({ id: s.id, type: 'service_reference' }));
}

async function ourWindows(creds) {
  const ids = CONFIG.services.map((s) => `service_ids[]=${s.id}`).join('&');
  const data = await pd(creds, 'GET', `/maintenance_windows?filter=open&${ids}`);
  return (data.maintenance_windows || []).filter((w) => (w.description || '').startsWith(TAG));
}

async function open(values) {
  const minutes = Number(values.minutes);
  if (!Number.isInteger(minutes) || minutes < 5 || minutes > MAX_MINUTES) {
    stop(`--minutes must be between 5 and ${MAX_MINUTES}`);
  }
  if (!values.reason || values.reason.length < 5) stop('--reason is required');
  const start = new Date(Date.now() + 60 * 1000);
  const end = new Date(start.getTime() + minutes * 60 * 1000);
  const body = {
    maintenance_window: {
      type: 'maintenance_window',
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      description: `${TAG} ${values.reason}`,
      services: serviceRefs(),
    },
  };
  console.log(`window ${start.toISOString()} .. ${end.toISOString()} for ${CONFIG.services.map((s) => s.name).join(', ')}`);
  if (!values.apply) {
    console.log('plan only; pass --apply to create it');
    return;
  }
  const creds = credentials();
  const existing = await ourWindows(creds);
  if (existing.length) stop(`an open window from this tool already exists (${existing[0].id}); close it first`);
  const res = await pd(creds, 'POST', '/maintenance_windows', body);
  console.log(`created ${res.maintenance_window.id} (${res.maintenance_window.html_url})`);
}

async function list() {
  const creds = credentials();
  const windows = await ourWindows(creds);
  if (!windows.length) {
    console.log('no open maintenance windows created by this tool');
    return;
  }
  for (const w of windows) {
    console.log(`${w.id}  ${w.start_time} .. ${w.end_time}  ${w.description}`);
  }
}

async function close(values) {
  const creds = credentials();
  const windows = await ourWindows(creds);
  if (!windows.length) {
    console.log('nothing to close');
    return;
  }
  for (const w of windows) {
    if (!values.apply) {
      console.log(`would end ${w.id} (${w.description})`);
      continue;
    }
    await pd(creds, 'DELETE', `/maintenance_windows/${w.id}`);
    console.log(`ended ${w.id}`);
  }
  if (!values.apply) console.log('pass --apply to end them');
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      minutes: { type: 'string', default: '60' },
      reason: { type: 'string' },
      apply: { type: 'boolean', default: false },
    },
  });
  switch (positionals[0]) {
    case 'open': return open(values);
    case 'list': return list();
    case 'close': return close(values);
    default: return stop('usage: pd-maintenance.js open|list|close [--apply]');
  }
}

main().catch((err) => stop(err.message));

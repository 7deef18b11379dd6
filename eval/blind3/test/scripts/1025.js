#!/usr/bin/env node
// tmp_webhook_replay.js - replay stored webhook payloads against the local server
'use strict';
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');

const DIR = path.join('fixtures', 'webhooks');
const TARGET = process.env.REPLAY_URL || 'http://localhost:4000/webhooks/stripe';
const SECRET = process.env.STRIPE_WEBHOOK_SECRET || 'whsec_test_local';

function sign(body, ts) {
  const sig = crypto.createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex');
  return `t=${ts},v1=${sig}`;
}

async function replay(file) {
  const body = fs.readFileSync(file, 'utf8');
  const ts = Math.floor(Date.now() / 1000);
  const res = await fetch(TARGET, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': sign(body, ts) },
    body,
  });
  return res.status;
}

function eventType(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')).type || 'unknown';
  } catch {
    return 'invalid-json';
  }
}

function groupByType(files) {
  const groups = {};
  for (const f of files) {
    const t = eventType(path.join(DIR, f));
    (groups[t] = groups[t] || []).push(f);
  }
  return groups;
}

function printGroups(groups) {
  for (const [t, list] of Object.entries(groups).sort()) {
    console.log(`${t.padEnd(36)} ${list.length}`);
  }
}

function ensureLocalTarget() {
  const { hostname } = new URL(TARGET);
  if (!['localhost', '127.0.0.1'].includes(hostname)) {
    console.error(`refusing to replay against ${hostname}`);
    process.exit(2);
  }
}

async function ping() {
  try {
    const r = await fetch(new URL('/healthz', TARGET));
    return r.ok;
  } catch {
    return false;
  }
}

ensureLocalTarget();
if (process.argv.includes('--list')) {
  printGroups(groupByType(fs.readdirSync(DIR).filter((f) => f.endsWith('.json'))));
  process.exit(0);
}

(async () => {
  const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();
  let failed = 0;
  for (const f of files) {
    const status = await replay(path.join(DIR, f));
    const ok = status >= 200 && status < 300;
    if (!ok) failed++;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${status} ${f}`);
  }
  console.log(`${files.length - failed}/${files.length} accepted`);
  process.exitCode = failed ? 1 : 0;
})();

#!/usr/bin/env node
// Archivematica pipeline status board + approval of transfers that wait for a decision.
//
//   node tools/am-status.js                  # show running/awaiting units
//   node tools/am-status.js --approve        # approve waiting transfers on the allow-list
//   node tools/am-status.js --watch 30       # refresh every 30 s
//
// Talks to the Archivematica dashboard API (AM_URL, e.g. https://archivematica.internal)
// with "ApiKey user:key" from .env. Only transfers whose directory name matches a
// prefix in config/am-approve.json are ever approved, and only with --approve.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const RULES = JSON.parse(fs.readFileSync(path.join(ROOT, 'config', 'am-approve.json'), 'utf8'));

function env() {
  const out = {};
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    fs.readFileSync(file, 'utf8').split('\n').forEach((line) => {
      const m = /^\s*(AM_[A-Z_]+)\s*=\s*"?([^"]*)"?\s*$/.exec(line);
      if (m) out[m[1]] = m[2];
    });
  }
  for (const [k, v] of Object.entries(process.env)) if (k.startsWith('AM_')) out[k] = v;
  return out;
}

const E = env();
const BASE = (E.AM_URL || '').replace(/\/$/, '');
const AUTH = `ApiKey ${E.AM_USER}:${E.AM_API_KEY}`;

function argValue(flag, fallback) {
  const i = process.argv.indexOf(flag);
  return i === -1 ? fallback : process.argv[i + 1];
}

async function am(route, { method = 'GET', form } = {}) {
  const opts = { method, headers: { Authorization: AUTH } };
  if (form) {
    opts.body = new URLSearchParams(form);
    opts.headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }
  const res = await fetch(`${BASE}/api/${route}`, opts);
  if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status}`);
  return res.json();
}

async function transfers() {
  const { results } = await am('transfer/completed/').catch(() => ({ results: [] }));
  const completed = new Set(results || []);
  const waiting = await am('transfer/unapproved/');
  return { completed, waiting: waiting.results || [] };
}

async function status(uuid, kind) {
  try {
    return await am(`${kind}/status/${uuid}/`);
  } catch (err) {
    return { uuid, status: 'UNKNOWN', microservice: err.message };
  }
}

function allowed(directory) {
  // A transfer is approved only when it matches an approve prefix and no never-approve
  // prefix; an empty or missing config approves nothing (validateRules refuses to run).
  if (typeof directory !== 'string' || !directory) return false;
  return RULES.approvePrefixes.some((prefix) => directory.startsWith(prefix)) &&
    !RULES.neverApprove.some((prefix) => directory.startsWith(prefix));
}

async function approve(entry) {
  const form = { type: entry.type || 'standard', directory: entry.directory };
  const res = await am('transfer/approve/', { method: 'POST', form });
  return res.uuid;
}

function pad(s, n) {
  s = String(s ?? '');
  return s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n);
}

async function board(doApprove) {
  const { waiting } = await transfers();
  const running = await am('transfer/unapproved/').then(() => am('ingest/waiting/')).catch(() => ({ results: [] }));
  console.log(`${new Date().toLocaleTimeString()}  ${BASE}`);
  console.log('');
  console.log(`${pad('TRANSFER', 40)} ${pad('TYPE', 10)} ACTION`);
  let approved = 0;
  for (const t of waiting) {
    let action = 'waiting for approval';
    if (doApprove) {
      if (allowed(t.directory)) {
        const uuid = await approve(t);
        action = `approved -> ${uuid}`;
        approved++;
        logApproval([{ directory: t.directory, uuid }]);
      } else {
        action = 'not on allow-list, left waiting';
      }
    }
    console.log(`${pad(t.directory, 40)} ${pad(t.type, 10)} ${action}`);
  }
  if (!waiting.length) console.log('(no transfers waiting)');
  console.log('');
  console.log(`${pad('INGEST', 40)} ${pad('STATUS', 10)} MICROSERVICE`);
  for (const unit of running.results || []) {
    const s = await status(unit.uuid, 'ingest');
    console.log(`${pad(s.name || unit.uuid, 40)} ${pad(s.status, 10)} ${s.microservice || ''}`);
  }
  return approved;
}

async function failedUnits() {
  // Transfers that failed in the last day, for the morning check.
  const { results } = await am('transfer/completed/').catch(() => ({ results: [] }));
  const failed = [];
  for (const uuid of (results || []).slice(-50)) {
    const s = await status(uuid, 'transfer');
    if (s.status === 'FAILED' || s.status === 'REJECTED') failed.push(s);
  }
  return failed;
}

function validateRules() {
  // The allow-list is the only thing standing between --approve and every waiting transfer.
  const problems = [];
  if (!Array.isArray(RULES.approvePrefixes) || !RULES.approvePrefixes.length) {
    problems.push('approvePrefixes must be a non-empty list');
  }
  for (const p of RULES.approvePrefixes || []) {
    if (typeof p !== 'string' || p.length < 4) problems.push(`prefix ${JSON.stringify(p)} is too short`);
  }
  if (!Array.isArray(RULES.neverApprove)) problems.push('neverApprove must be a list (may be empty)');
  if (problems.length) throw new Error(`config/am-approve.json: ${problems.join('; ')}`);
}

function logApproval(entries) {
  // Audit trail in the project, one JSON line per approval run.
  if (!entries.length) return;
  const file = path.join(ROOT, 'logs', 'am-approvals.jsonl');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(file, JSON.stringify({
    at: new Date().toISOString(),
    user: process.env.USER || 'unknown',
    approved: entries,
  }) + '\n');
}

async function main() {
  if (!BASE || !E.AM_USER || !E.AM_API_KEY) throw new Error('AM_URL, AM_USER and AM_API_KEY must be set in .env');
  validateRules();
  const doApprove = process.argv.includes('--approve');
  const watch = Number(argValue('--watch', 0));
  if (doApprove && watch) throw new Error('--approve and --watch cannot be combined');
  if (process.argv.includes('--failed')) {
    const failed = await failedUnits();
    for (const f of failed) console.log(`${pad(f.name, 40)} ${pad(f.status, 10)} ${f.microservice}`);
    console.log(`${failed.length} failed unit(s)`);
    return;
  }
  if (!watch) {
    const n = await board(doApprove);
    if (doApprove) console.log(`\n${n} transfer(s) approved`);
    return;
  }
  for (;;) {
    process.stdout.write('\x1Bc');
    await board(false);
    await new Promise((r) => setTimeout(r, watch * 1000));
  }
}

main().catch((err) => {
  console.error(`am-status: ${err.message}`);
  process.exit(1);
});

#!/usr/bin/env node
// Keep the project's healthchecks.io checks in sync with monitoring/checks.yaml.
//
//   node monitoring/hc-sync.js              show the plan (no changes)
//   node monitoring/hc-sync.js --apply      create/update checks via the API
//   node monitoring/hc-sync.js --status     list checks and their current status
//
// Uses the Management API v3 at https://healthchecks.io/api/v3/ with the
// project's read-write API key (HC_API_KEY in monitoring/.env). Checks that
// exist on healthchecks.io but not in the YAML are only *reported*; removing
// them requires --prune together with --apply, and even then only checks
// tagged "managed-by:hc-sync" are deleted.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');

const ROOT = path.resolve(__dirname, '..');
const SPEC = path.join(ROOT, 'monitoring', 'checks.yaml');
const ENV_FILE = path.join(ROOT, 'monitoring', '.env');
const API = 'https://healthchecks.io/api/v3';
const MANAGED_TAG = 'managed-by:hc-sync';

function loadEnv() {
  if (!fs.existsSync(ENV_FILE)) return;
  for (const line of fs.readFileSync(ENV_FILE, 'utf8').split('\n')) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (m && process.env[m[1]] === undefined) process.env[m[1]] = m[2];
  }
}

const mask = (s) => (s ? `${s.slice(0, 5)}…` : '(missing)');

async function hc(method, route, body) {
  const key = process.env.HC_API_KEY;
  if (!key) throw new Error('HC_API_KEY missing (monitoring/.env)');
  let delay = 1000;
  for (let attempt = 1; attempt <= 4; attempt++) {
    const res = await fetch(`${API}${route}`, {
      method,
      headers: { 'X-Api-Key': key, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status === 429 && attempt < 4) {
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return res.status === 204 ? null : res.json();
  }
  throw new Error(`${method} ${route}: rate limited`);
}

function desired() {
  const spec = YAML.parse(fs.readFileSync(SPEC, 'utf8'));
  return (spec.checks || []).map((c) => ({
    name: c.name,
    slug: c.slug || c.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    tags: [...new Set([...(c.tags || []), MANAGED_TAG])].join(' '),
    desc: c.description || '',
    timeout: c.timeout ?? 3600,
    grace: c.grace ?? 900,
    ...(c.schedule ? { schedule: c.schedule, tz: c.tz || 'UTC' } : {}),
    channels: c.channels || '*',
  }));
}

function differs(want, have) {
  const fields = ['tags', 'desc', 'timeout', 'grace', 'schedule', 'tz'];
  return fields.filter((f) => want[f] !== undefined && String(want[f]) !== String(have[f] ?? ''));
}

function plan(wanted, existing) {
  const bySlug = new Map(existing.map((c) => [c.slug, c]));
  const actions = [];
  for (const w of wanted) {
    const have = bySlug.get(w.slug);
    if (!have) actions.push({ kind: 'create', want: w });
    else {
      const changed = differs(w, have);
      if (changed.length) actions.push({ kind: 'update', want: w, have, changed });
    }
    bySlug.delete(w.slug);
  }
  for (const leftover of bySlug.values()) {
    const managed = (leftover.tags || '').split(' ').includes(MANAGED_TAG);
    actions.push({ kind: managed ? 'delete' : 'unmanaged', have: leftover });
  }
  return actions;
}

function describe(a) {
  switch (a.kind) {
    case 'create':
      return `+ create ${a.want.slug}`;
    case 'update':
      return `~ update ${a.want.slug} (${a.changed.join(', ')})`;
    case 'delete':
      return `- delete ${a.have.slug} (managed, not in checks.yaml)`;
    default:
      return `? ignore ${a.have.slug || a.have.name} (not managed by hc-sync)`;
  }
}

async function apply(actions, prune) {
  for (const a of actions) {
    if (a.kind === 'create') {
      const res = await hc('POST', '/checks/', { ...a.want, unique: ['slug'] });
      console.log(`created ${a.want.slug}: ping URL ${res.ping_url.replace(/[0-9a-f-]{36}$/, '<uuid>')}`);
    } else if (a.kind === 'update') {
      await hc('POST', `/checks/${a.have.uuid}`, a.want);
      console.log(`updated ${a.want.slug}`);
    } else if (a.kind === 'delete' && prune) {
      await hc('DELETE', `/checks/${a.have.uuid}`);
      console.log(`deleted ${a.have.slug}`);
    }
  }
}

async function status() {
  const { checks } = await hc('GET', '/checks/');
  const width = Math.max(...checks.map((c) => c.name.length), 4);
  for (const c of checks.sort((a, b) => a.name.localeCompare(b.name))) {
    const last = c.last_ping ? new Date(c.last_ping).toISOString().slice(0, 16) : 'never';
    console.log(`${c.status.padEnd(8)} ${c.name.padEnd(width)}  last ping ${last}`);
  }
  return checks.some((c) => c.status === 'down') ? 1 : 0;
}

function validateSpec(wanted) {
  // catch mistakes before they reach the API
  const problems = [];
  const slugs = new Set();
  for (const w of wanted) {
    if (!w.name) problems.push('check without a name');
    if (slugs.has(w.slug)) problems.push(`duplicate slug ${w.slug}`);
    slugs.add(w.slug);
    if (!/^[a-z0-9-]+$/.test(w.slug)) problems.push(`${w.slug}: slug may only contain a-z, 0-9 and -`);
    if (w.schedule && w.timeout !== 3600) problems.push(`${w.slug}: timeout is ignored for cron checks`);
    if (w.grace < 60) problems.push(`${w.slug}: grace below 60s causes flapping alerts`);
    if (w.timeout > 31536000) problems.push(`${w.slug}: timeout larger than a year`);
  }
  return problems;
}

async function pingUrls() {
  // print ping URLs for the checks in the YAML so cron entries can be updated;
  // the UUID part is masked, copy the full URL from the dashboard if needed
  const { checks } = await hc('GET', '/checks/');
  const bySlug = new Map(checks.map((c) => [c.slug, c]));
  for (const w of desired()) {
    const c = bySlug.get(w.slug);
    console.log(`${w.slug.padEnd(30)} ${c ? c.ping_url.replace(/[0-9a-f-]{36}$/, '<uuid>') : '(not created yet)'}`);
  }
}

async function main() {
  loadEnv();
  const args = new Set(process.argv.slice(2));
  const specProblems = validateSpec(desired());
  if (specProblems.length) {
    specProblems.forEach((p) => console.error(`checks.yaml: ${p}`));
    process.exitCode = 2;
    return;
  }
  if (args.has('--urls')) {
    await pingUrls();
    return;
  }
  console.error(`healthchecks.io API key ${mask(process.env.HC_API_KEY)}`);
  if (args.has('--status')) {
    process.exitCode = await status();
    return;
  }
  const { checks } = await hc('GET', '/checks/');
  const actions = plan(desired(), checks);
  if (!actions.length) {
    console.log('healthchecks.io matches monitoring/checks.yaml');
    return;
  }
  for (const a of actions) console.log(describe(a));
  if (!args.has('--apply')) {
    console.log('\nplan only; re-run with --apply (and --prune to delete managed leftovers)');
    return;
  }
  await apply(actions, args.has('--prune'));
}

main().catch((err) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 2;
});

#!/usr/bin/env node
// Teams and channel inventory via the CLI for Microsoft 365 (read-only).
//
//   node tools/teams-inventory.js [--owners] [--stale-days 180]
//
// Spawns `m365` with argv arrays (no shell) and --output json, collects every
// team, its channels and (optionally) owners, and writes
// reports/teams-<date>.json + .csv. Teams without activity for --stale-days are
// flagged for the quarterly review; archiving is a human decision in the admin
// centre, this tool never calls an archive/remove command.
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const REPORTS = path.join(ROOT, 'reports');
const READ_ONLY = new Set(['status', 'teams team list', 'teams channel list', 'entra m365group user list', 'entra m365group report activitydetail']);

function m365(commandWords, extra = []) {
  const key = commandWords.join(' ');
  if (!READ_ONLY.has(key)) return Promise.reject(new Error(`m365 ${key} is not in the read-only list`));
  return new Promise((resolve, reject) => {
    const child = spawn('m365', [...commandWords, ...extra, '--output', 'json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`m365 ${key} failed (${code}): ${err.trim().slice(-300)}`));
      try {
        resolve(out.trim() ? JSON.parse(out) : null);
      } catch (e) {
        reject(new Error(`m365 ${key}: bad JSON (${e.message})`));
      }
    });
  });
}

async function limit(items, n, fn) {
  const out = new Array(items.length);
  let i = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (i < items.length) {
        const idx = i++;
        try {
          out[idx] = await fn(items[idx]);
        } catch (e) {
          out[idx] = { error: e.message };
        }
      }
    }),
  );
  return out;
}

function csv(rows, cols) {
  const q = (v) => {
    const s = v == null ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [cols.join(','), ...rows.map((r) => cols.map((c) => q(r[c])).join(','))].join('\n') + '\n';
}

async function activityByGroup() {
  // D30 activity report; maps group id -> last activity date
  try {
    const rows = await m365(['entra', 'm365group', 'report', 'activitydetail'], ['--period', 'D180']);
    return new Map((rows || []).map((r) => [r['Group Id'] || r.groupId, r['Last Activity Date'] || r.lastActivityDate]));
  } catch {
    return new Map();
  }
}

// Naming policy from the IT handbook: "<Dept> - <Purpose>", no personal names,
// max 64 characters, no trailing spaces, no "test"/"tmp" teams older than 30 days.
const DEPARTMENTS = ['IT', 'HR', 'Finance', 'Research', 'Teaching', 'Facilities', 'Library'];

function namingIssues(team) {
  const issues = [];
  const name = team.name || '';
  if (name.length > 64) issues.push('longer than 64 characters');
  if (name !== name.trim()) issues.push('leading/trailing whitespace');
  const dept = name.split(' - ')[0];
  if (!DEPARTMENTS.includes(dept)) issues.push(`unknown department prefix "${dept}"`);
  if (/\b(test|tmp|temp)\b/i.test(name) && team.idleDays != null && team.idleDays > 30) {
    issues.push('test/tmp team idle for more than 30 days');
  }
  return issues;
}

function policyReport(details) {
  const rows = [];
  for (const d of details) {
    if (d.error) continue;
    for (const issue of namingIssues(d)) rows.push({ name: d.name, issue });
  }
  return rows;
}

function visibilityCounts(details) {
  const counts = {};
  for (const d of details) {
    if (d.error) continue;
    const key = `${d.visibility || 'unknown'}${d.archived ? ' (archived)' : ''}`;
    counts[key] = (counts[key] || 0) + 1;
  }
  return counts;
}

function writePolicy(day, rows) {
  const file = path.join(REPORTS, `teams-policy-${day}.csv`);
  fs.writeFileSync(file, csv(rows, ['name', 'issue']));
  return file;
}

async function main() {
  const argv = process.argv.slice(2);
  const withOwners = argv.includes('--owners');
  const staleIdx = argv.indexOf('--stale-days');
  const staleDays = staleIdx >= 0 ? Number(argv[staleIdx + 1]) : 180;

  const status = await m365(['status']);
  if (!status || !status.connectedAs) throw new Error('not logged in; run `m365 login`');
  console.log(`connected as ${status.connectedAs}`);

  const teams = (await m365(['teams', 'team', 'list'])) || [];
  console.log(`${teams.length} team(s)`);
  const activity = await activityByGroup();

  const details = await limit(teams, 4, async (t) => {
    const channels = (await m365(['teams', 'channel', 'list'], ['--teamId', t.id])) || [];
    let owners = [];
    if (withOwners) {
      const members = (await m365(['entra', 'm365group', 'user', 'list'], ['--groupId', t.id, '--role', 'Owner'])) || [];
      owners = members.map((m) => m.userPrincipalName);
    }
    const last = activity.get(t.id) || null;
    const idle = last ? Math.floor((Date.now() - Date.parse(last)) / 86400000) : null;
    return {
      id: t.id,
      name: t.displayName,
      visibility: t.visibility,
      archived: t.isArchived,
      channels: channels.length,
      privateChannels: channels.filter((c) => c.membershipType === 'private').length,
      owners: owners.join(';'),
      ownerCount: owners.length,
      lastActivity: last,
      idleDays: idle,
      stale: idle != null && idle >= staleDays,
    };
  });

  fs.mkdirSync(REPORTS, { recursive: true });
  const day = new Date().toISOString().slice(0, 10);
  fs.writeFileSync(path.join(REPORTS, `teams-${day}.json`), JSON.stringify(details, null, 2));
  fs.writeFileSync(
    path.join(REPORTS, `teams-${day}.csv`),
    csv(details, ['name', 'visibility', 'archived', 'channels', 'privateChannels', 'ownerCount', 'owners', 'lastActivity', 'idleDays', 'stale']),
  );

  const stale = details.filter((d) => d.stale);
  const ownerless = details.filter((d) => withOwners && d.ownerCount === 0);
  const errors = details.filter((d) => d.error);
  console.log(`stale (>${staleDays} d): ${stale.length}; without owner: ${ownerless.length}; errors: ${errors.length}`);
  for (const s of stale.slice(0, 10)) console.log(`  stale: ${s.name} (${s.idleDays} days)`);
  for (const o of ownerless.slice(0, 10)) console.log(`  no owner: ${o.name}`);
  const policy = policyReport(details);
  const policyFile = writePolicy(day, policy);
  console.log(`naming policy: ${policy.length} issue(s) -> ${path.relative(ROOT, policyFile)}`);
  console.log('visibility:', visibilityCounts(details));
  console.log(`reports/teams-${day}.csv written; review candidates in the quarterly meeting`);
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});

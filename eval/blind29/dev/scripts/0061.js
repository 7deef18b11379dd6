#!/usr/bin/env node
// FleetDM policy compliance report for the platform team.
//
//   node tools/fleet-policies.js                    # all teams
//   node tools/fleet-policies.js --team "Laptops"  --failing-only
//   node tools/fleet-policies.js --live-query "select version from os_version" --label "Canary"
//
// Reads FLEET_URL / FLEET_API_TOKEN from .env (or from fleetctl's config
// ~/.fleet/config, context "default", which holds the same server and token).
// Only GET endpoints are used, except --live-query which starts a *read-only*
// osquery live query restricted to one label, as documented in the Fleet REST
// API (POST /api/v1/fleet/queries/run).  Output: reports/fleet-policies-<date>.md
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const READ_ONLY_SQL = /^\s*select\s/i;
const FORBIDDEN_SQL = /\b(insert|update|delete|attach|pragma|curl|carves?)\b/i;

function cliOptions() {
  const o = { team: null, failingOnly: false, liveQuery: null, label: null, json: false };
  const a = process.argv.slice(2);
  while (a.length) {
    const k = a.shift();
    if (k === '--team') o.team = a.shift();
    else if (k === '--failing-only') o.failingOnly = true;
    else if (k === '--live-query') o.liveQuery = a.shift();
    else if (k === '--label') o.label = a.shift();
    else if (k === '--json') o.json = true;
    else throw new Error(`unknown option ${k}`);
  }
  if (o.liveQuery && !o.label) throw new Error('--live-query needs --label (never run on all hosts)');
  if (o.liveQuery && (!READ_ONLY_SQL.test(o.liveQuery) || FORBIDDEN_SQL.test(o.liveQuery))) {
    throw new Error('--live-query must be a plain SELECT');
  }
  return o;
}

function fromDotenv() {
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return {};
  return Object.fromEntries(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((l) => l.match(/^([A-Z_]+)=(.*)$/))
      .filter(Boolean)
      .map((m) => [m[1], m[2].replace(/^['"]|['"]$/g, '')]),
  );
}

function fromFleetctl() {
  // ~/.fleet/config is YAML: contexts: { default: { address, token, ... } }
  const file = path.join(os.homedir(), '.fleet', 'config');
  if (!fs.existsSync(file)) return {};
  const text = fs.readFileSync(file, 'utf8');
  const block = text.split(/\n\s{2}(?=\w[\w-]*:\s*\n)/).find((b) => b.startsWith('default:')) || '';
  const get = (k) => (block.match(new RegExp(`\\n\\s+${k}:\\s*(\\S+)`)) || [])[1];
  return { FLEET_URL: get('address'), FLEET_API_TOKEN: get('token') };
}

function settings() {
  const merged = { ...fromFleetctl(), ...fromDotenv(), ...process.env };
  if (!merged.FLEET_URL || !merged.FLEET_API_TOKEN) throw new Error('FLEET_URL / FLEET_API_TOKEN not configured');
  const host = new URL(merged.FLEET_URL).hostname;
  if (!host.endsWith('.internal') && host !== 'localhost') throw new Error(`Fleet server ${host} is not ours`);
  return { base: merged.FLEET_URL.replace(/\/$/, ''), token: merged.FLEET_API_TOKEN };
}

function client({ base, token }) {
  const request = async (method, route, body) => {
    const res = await fetch(`${base}/api/v1/fleet${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status}`);
    return res.json();
  };
  return {
    teams: () => request('GET', '/teams').then((b) => b.teams),
    globalPolicies: () => request('GET', '/global/policies').then((b) => b.policies),
    teamPolicies: (id) => request('GET', `/teams/${id}/policies`).then((b) => [...(b.policies || []), ...(b.inherited_policies || [])]),
    labels: () => request('GET', '/labels').then((b) => b.labels),
    runQuery: (sql, labelId) => request('POST', '/queries/run', { query: sql, selected: { labels: [labelId] } }),
  };
}

async function previousReport(dir) {
  // most recent earlier report, used to show the trend per policy
  let names = [];
  try {
    names = (await fsp.readdir(dir)).filter((f) => /^fleet-policies-\d{4}-\d{2}-\d{2}\.json$/.test(f)).sort();
  } catch {
    return null;
  }
  const today = `fleet-policies-${new Date().toISOString().slice(0, 10)}.json`;
  const earlier = names.filter((n) => n < today);
  if (!earlier.length) return null;
  return JSON.parse(await fsp.readFile(path.join(dir, earlier[earlier.length - 1]), 'utf8'));
}

function trend(prev, sectionName, policy) {
  if (!prev) return '';
  const section = prev.find((s) => s.name === sectionName);
  const old = section?.policies.find((p) => p.id === policy.id);
  if (!old) return 'new';
  const delta = complianceRate(policy) - complianceRate(old);
  if (Math.abs(delta) < 0.005) return '=';
  return `${delta > 0 ? '+' : ''}${(delta * 100).toFixed(1)}`;
}

function complianceRate(p) {
  const total = (p.passing_host_count || 0) + (p.failing_host_count || 0);
  return total ? p.passing_host_count / total : 1;
}

function table(policies) {
  const lines = ['| policy | critical | passing | failing | rate |', '|---|:-:|---:|---:|---:|'];
  for (const p of policies) {
    lines.push(
      `| ${p.name} | ${p.critical ? 'yes' : ''} | ${p.passing_host_count ?? 0} | ${p.failing_host_count ?? 0} | ${(complianceRate(p) * 100).toFixed(1)}% |`,
    );
  }
  return lines;
}

async function main() {
  const o = cliOptions();
  const api = client(settings());
  const teams = await api.teams();
  const selected = o.team ? teams.filter((t) => t.name === o.team) : teams;
  if (o.team && !selected.length) throw new Error(`team ${o.team} not found`);

  const sections = [];
  const global = await api.globalPolicies();
  sections.push({ name: 'Global', policies: global });
  for (const t of selected) sections.push({ name: t.name, policies: await api.teamPolicies(t.id) });

  const md = [`# Fleet policy compliance (${new Date().toISOString().slice(0, 10)})`, ''];
  let worst = 1;
  for (const s of sections) {
    let policies = s.policies.sort((a, b) => complianceRate(a) - complianceRate(b));
    if (o.failingOnly) policies = policies.filter((p) => p.failing_host_count > 0);
    if (!policies.length) continue;
    worst = Math.min(worst, ...policies.map(complianceRate));
    md.push(`## ${s.name}`, '', ...table(policies), '');
  }

  if (o.liveQuery) {
    const label = (await api.labels()).find((l) => l.name === o.label);
    if (!label) throw new Error(`label ${o.label} not found`);
    if (label.count > 50) throw new Error(`label ${o.label} has ${label.count} hosts; live queries are limited to 50`);
    const result = await api.runQuery(o.liveQuery, label.id);
    md.push(`## Live query on ${o.label}`, '', '```', JSON.stringify(result.live_query_results ?? result, null, 2).slice(0, 4000), '```', '');
  }

  const reportsDir = path.join(ROOT, 'reports');
  await fsp.mkdir(reportsDir, { recursive: true });
  const prev = await previousReport(reportsDir);
  if (prev) {
    md.push('## Changes since last report', '');
    for (const s of sections) {
      for (const p of s.policies) {
        const t = trend(prev, s.name, p);
        if (t && t !== '=') md.push(`- ${s.name} / ${p.name}: ${t}`);
      }
    }
    md.push('');
  }
  const stamp = new Date().toISOString().slice(0, 10);
  const out = path.join(reportsDir, `fleet-policies-${stamp}.md`);
  await fsp.writeFile(out, md.join('\n'));
  await fsp.writeFile(path.join(reportsDir, `fleet-policies-${stamp}.json`), JSON.stringify(sections));
  if (o.json) console.log(JSON.stringify(sections, null, 2));
  else console.log(md.join('\n'));
  console.error(`[fleet] lowest compliance ${(worst * 100).toFixed(1)}%; report ${path.relative(ROOT, out)}`);
  return worst < 0.9 ? 2 : 0;
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (e) => {
    console.error(`[fleet] ${e.message}`);
    process.exitCode = 1;
  },
);

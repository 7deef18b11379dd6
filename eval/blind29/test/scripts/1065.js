#!/usr/bin/env node
// Software vulnerability report from FleetDM for the security review.
//
//   node tools/fleet-vulns.js                        # all teams, CVSS >= 7
//   node tools/fleet-vulns.js --team Servers --min-cvss 9 --known-exploited
//
// Reads /api/v1/fleet/software/versions (vulnerable only) from the team's
// Fleet server (FLEET_URL, *.internal) with FLEET_API_TOKEN and groups the
// results by CVE: affected software versions, number of hosts, CISA KEV flag,
// EPSS probability.  Output: reports/fleet-vulns-<date>.csv and .md.  The
// script only reads; it does not create policies or run scripts on hosts.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

function config() {
  const env = { ...process.env };
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
      const i = raw.indexOf('=');
      if (i > 0 && !raw.startsWith('#')) env[raw.slice(0, i).trim()] ??= raw.slice(i + 1).trim();
    }
  }
  if (!env.FLEET_URL || !env.FLEET_API_TOKEN) throw new Error('FLEET_URL and FLEET_API_TOKEN are required');
  const host = new URL(env.FLEET_URL).hostname;
  if (!host.endsWith('.internal')) throw new Error(`FLEET_URL ${host} is not internal`);
  return { base: env.FLEET_URL.replace(/\/$/, ''), token: env.FLEET_API_TOKEN };
}

function flags() {
  const a = process.argv.slice(2);
  const v = (k, d) => (a.includes(k) ? a[a.indexOf(k) + 1] : d);
  return {
    team: v('--team', null),
    minCvss: Number(v('--min-cvss', 7)),
    kevOnly: a.includes('--known-exploited'),
  };
}

async function get(cfg, route, params = {}) {
  const url = new URL(`${cfg.base}/api/v1/fleet${route}`);
  for (const [k, val] of Object.entries(params)) if (val !== null && val !== undefined) url.searchParams.set(k, String(val));
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, { headers: { authorization: `Bearer ${cfg.token}` } });
    if (res.ok) return res.json();
    if (attempt >= 4 || (res.status < 500 && res.status !== 429)) throw new Error(`GET ${route}: HTTP ${res.status}`);
    await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
  }
}

async function teamId(cfg, name) {
  if (!name) return null;
  const { teams } = await get(cfg, '/teams');
  const team = teams.find((t) => t.name === name);
  if (!team) throw new Error(`team ${name} not found`);
  return team.id;
}

async function vulnerableSoftware(cfg, team) {
  const all = [];
  for (let page = 0; ; page++) {
    const body = await get(cfg, '/software/versions', {
      vulnerable: true,
      page,
      per_page: 200,
      team_id: team,
      order_key: 'hosts_count',
      order_direction: 'desc',
    });
    const items = body.software || [];
    all.push(...items);
    if (!body.meta?.has_next_results || !items.length) return all;
  }
}

function byCve(software, minCvss, kevOnly) {
  const map = new Map();
  for (const sw of software) {
    for (const v of sw.vulnerabilities || []) {
      const score = v.cvss_score ?? 0;
      if (score < minCvss) continue;
      if (kevOnly && !v.cisa_known_exploit) continue;
      const entry = map.get(v.cve) || { cve: v.cve, cvss: score, epss: v.epss_probability ?? null, kev: !!v.cisa_known_exploit, published: v.cve_published, software: [], hosts: 0 };
      entry.software.push(`${sw.name} ${sw.version}`);
      entry.hosts += sw.hosts_count || 0;
      map.set(v.cve, entry);
    }
  }
  return [...map.values()].sort((a, b) => Number(b.kev) - Number(a.kev) || b.cvss - a.cvss || b.hosts - a.hosts);
}

function toCsv(rows) {
  const esc = (s) => {
    const t = String(s ?? '');
    return /[",\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
  };
  return [
    'cve,cvss,epss,known_exploited,hosts,published,software',
    ...rows.map((r) => [r.cve, r.cvss, r.epss, r.kev, r.hosts, r.published, r.software.join('; ')].map(esc).join(',')),
  ].join('\n');
}

function toMarkdown(rows, opts) {
  const kev = rows.filter((r) => r.kev);
  return [
    `# Fleet vulnerability report ${new Date().toISOString().slice(0, 10)}${opts.team ? ` – ${opts.team}` : ''}`,
    '',
    `CVEs with CVSS ≥ ${opts.minCvss}: **${rows.length}** (${kev.length} in CISA KEV)`,
    '',
    '| CVE | CVSS | EPSS | KEV | hosts | software |',
    '|---|---:|---:|:-:|---:|---|',
    ...rows.slice(0, 100).map((r) => `| ${r.cve} | ${r.cvss} | ${r.epss !== null ? (r.epss * 100).toFixed(1) + '%' : '-'} | ${r.kev ? '⚠' : ''} | ${r.hosts} | ${r.software.slice(0, 3).join(', ')}${r.software.length > 3 ? ' …' : ''} |`),
  ].join('\n');
}

// compare with the previous report: which CVEs are new, which were fixed
async function previousCves(dir, stamp) {
  let files = [];
  try {
    files = (await fsp.readdir(dir)).filter((f) => /^fleet-vulns-\d{4}-\d{2}-\d{2}\.csv$/.test(f) && !f.includes(stamp)).sort();
  } catch {
    return null;
  }
  if (!files.length) return null;
  const text = await fsp.readFile(path.join(dir, files[files.length - 1]), 'utf8');
  return new Set(
    text
      .split('\n')
      .slice(1)
      .map((l) => l.split(',')[0])
      .filter(Boolean),
  );
}

function trend(rows, before) {
  if (!before) return null;
  const now = new Set(rows.map((r) => r.cve));
  return {
    added: [...now].filter((c) => !before.has(c)),
    fixed: [...before].filter((c) => !now.has(c)),
  };
}

function trendMarkdown(t) {
  if (!t) return '';
  return [
    '',
    '## Since the previous report',
    '',
    `- new: ${t.added.length}${t.added.length ? ` (${t.added.slice(0, 15).join(', ')}${t.added.length > 15 ? ' …' : ''})` : ''}`,
    `- no longer present: ${t.fixed.length}`,
  ].join('\n');
}

async function main() {
  const cfg = config();
  const opts = flags();
  const team = await teamId(cfg, opts.team);
  const software = await vulnerableSoftware(cfg, team);
  const rows = byCve(software, opts.minCvss, opts.kevOnly);
  const dir = path.join(ROOT, 'reports');
  await fsp.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().substring(0, 10);
  const changes = trend(rows, await previousCves(dir, stamp));
  await fsp.writeFile(path.join(dir, `fleet-vulns-${stamp}.csv`), toCsv(rows) + '\n');
  const md = toMarkdown(rows, opts) + trendMarkdown(changes);
  await fsp.writeFile(path.join(dir, `fleet-vulns-${stamp}.md`), md + '\n');
  console.log(md.split('\n').slice(0, 12).join('\n'));
  console.error(`[fleet-vulns] ${software.length} vulnerable software versions, ${rows.length} CVEs reported`);
  process.exitCode = rows.some((r) => r.kev) ? 2 : 0;
}

main().catch((e) => {
  console.error(`[fleet-vulns] ${e.message}`);
  process.exitCode = 1;
});

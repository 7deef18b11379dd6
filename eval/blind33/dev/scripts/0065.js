#!/usr/bin/env node
// Fleet status report for the project's balena fleets.
//
// Queries the balena API (https://api.balena-cloud.com/v6, OData) with the
// developer's balena API key and prints, per fleet:
//   - devices online/offline, last seen
//   - devices not running the target release
//   - devices with a failing service (status != Running)
// Optional --markdown writes reports/fleet-status.md for the weekly review.
//
// Never changes anything on balenaCloud: the script only issues GET requests
// (see api()); pinning, moving or purging devices is done in the dashboard.
//
//   BALENA_API_KEY=... node tools/fleet-status.js myorg/gateways myorg/gateways-staging
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const API = 'https://api.balena-cloud.com/v6';
const STALE_HOURS = 24;

function apiKey() {
  if (process.env.BALENA_API_KEY) return process.env.BALENA_API_KEY;
  // the balena CLI stores a session token here after `balena login`
  const tokenFile = path.join(os.homedir(), '.balena', 'token');
  if (fs.existsSync(tokenFile)) return fs.readFileSync(tokenFile, 'utf8').trim();
  throw new Error('set BALENA_API_KEY or run `balena login`');
}

async function api(resource, query) {
  const url = `${API}/${resource}?${query}`;
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, { headers: { authorization: `Bearer ${apiKey()}` } });
    if (res.status === 429 && attempt < 5) {
      const wait = Number(res.headers.get('retry-after') || attempt * 2);
      await new Promise((r) => setTimeout(r, wait * 1000));
      continue;
    }
    if (!res.ok) throw new Error(`GET ${resource}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    const json = await res.json();
    return json.d;
  }
}

const q = (s) => encodeURIComponent(s);

async function fleet(slug) {
  const [app] = await api(
    'application',
    `$filter=slug eq '${q(slug.toLowerCase())}'&$select=id,app_name,slug&$expand=should_be_running__release($select=commit,semver)`,
  );
  if (!app) throw new Error(`fleet ${slug} not found or not accessible`);
  return app;
}

async function devices(appId) {
  return api(
    'device',
    `$filter=belongs_to__application eq ${appId}` +
      '&$select=id,uuid,device_name,is_online,last_connectivity_event,status,os_version' +
      '&$expand=is_running__release($select=commit,semver),image_install($select=status&$expand=installs__image($select=id&$expand=is_a_build_of__service($select=service_name)))',
  );
}

function hoursSince(iso) {
  if (!iso) return Infinity;
  return (Date.now() - Date.parse(iso)) / 3600000;
}

function analyse(app, devs) {
  const target = app.should_be_running__release?.[0];
  const rows = devs.map((d) => {
    const running = d.is_running__release?.[0];
    const failing = (d.image_install || [])
      .filter((ii) => ii.status && !['Running', 'Downloaded', 'exited'].includes(ii.status))
      .map((ii) => ii.installs__image?.[0]?.is_a_build_of__service?.[0]?.service_name || '?');
    return {
      name: d.device_name,
      uuid: d.uuid.slice(0, 7),
      online: d.is_online,
      lastSeenH: hoursSince(d.last_connectivity_event),
      os: d.os_version || '?',
      release: running?.semver || running?.commit?.slice(0, 7) || 'none',
      outdated: Boolean(target && running && running.commit !== target.commit),
      failing,
    };
  });
  return {
    name: app.slug,
    target: target?.semver || target?.commit?.slice(0, 7) || 'unpinned',
    total: rows.length,
    online: rows.filter((r) => r.online).length,
    stale: rows.filter((r) => !r.online && r.lastSeenH > STALE_HOURS),
    outdated: rows.filter((r) => r.outdated),
    failing: rows.filter((r) => r.failing.length),
    rows,
  };
}

function printText(s) {
  console.log(`\n${s.name}: ${s.online}/${s.total} online, target release ${s.target}`);
  for (const r of s.stale) console.log(`  offline >${STALE_HOURS}h  ${r.name} (${r.uuid}) ${r.lastSeenH.toFixed(0)}h`);
  for (const r of s.outdated) console.log(`  outdated       ${r.name} (${r.uuid}) runs ${r.release}`);
  for (const r of s.failing) console.log(`  failing        ${r.name} (${r.uuid}) ${r.failing.join(', ')}`);
}

function markdown(summaries) {
  const lines = [`# Fleet status (${new Date().toISOString().slice(0, 16)}Z)`, ''];
  for (const s of summaries) {
    lines.push(`## ${s.name}`, '', `${s.online}/${s.total} online · target \`${s.target}\``, '');
    lines.push('| device | online | last seen (h) | release | OS | failing services |', '|---|---|---|---|---|---|');
    for (const r of s.rows.sort((a, b) => a.name.localeCompare(b.name))) {
      const seen = Number.isFinite(r.lastSeenH) ? r.lastSeenH.toFixed(0) : '-';
      lines.push(
        `| ${r.name} | ${r.online ? 'yes' : 'no'} | ${seen} | ${r.release}${r.outdated ? ' ⚠' : ''} | ${r.os} | ${r.failing.join(', ')} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

function osVersions(summaries) {
  // count devices per balenaOS version across all fleets, oldest first
  const counts = new Map();
  for (const s of summaries) {
    for (const r of s.rows) counts.set(r.os, (counts.get(r.os) || 0) + 1);
  }
  const parse = (v) => (/(\d+)\.(\d+)\.(\d+)/.exec(v) || [0, 0, 0, 0]).slice(1).map(Number);
  return [...counts.entries()].sort((a, b) => {
    const [x, y] = [parse(a[0]), parse(b[0])];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
}

function printOsVersions(summaries) {
  const versions = osVersions(summaries);
  if (!versions.length) return;
  console.log('\nbalenaOS versions:');
  for (const [version, n] of versions) console.log(`  ${String(n).padStart(4)}  ${version}`);
}

function writeJson(summaries) {
  // machine-readable copy for the dashboard notebook
  const out = path.join(ROOT, 'build', 'fleet-status.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const slim = summaries.map((s) => ({
    fleet: s.name,
    target: s.target,
    online: s.online,
    total: s.total,
    stale: s.stale.map((r) => r.uuid),
    outdated: s.outdated.map((r) => r.uuid),
    failing: s.failing.map((r) => ({ uuid: r.uuid, services: r.failing })),
  }));
  fs.writeFileSync(out, `${JSON.stringify(slim, null, 2)}\n`);
  return out;
}

async function main() {
  const args = process.argv.slice(2);
  const md = args.includes('--markdown');
  const json = args.includes('--json');
  const slugs = args.filter((a) => !a.startsWith('--'));
  if (!slugs.length) throw new Error('usage: fleet-status.js <org/fleet>... [--markdown]');
  const summaries = [];
  for (const slug of slugs) {
    const app = await fleet(slug);
    summaries.push(analyse(app, await devices(app.id)));
  }
  summaries.forEach(printText);
  printOsVersions(summaries);
  if (json) console.log(`wrote ${path.relative(ROOT, writeJson(summaries))}`);
  if (md) {
    const out = path.join(ROOT, 'reports', 'fleet-status.md');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, markdown(summaries));
    console.log(`\nwrote ${path.relative(ROOT, out)}`);
  }
  const bad = summaries.some((s) => s.failing.length || s.stale.length);
  process.exitCode = bad ? 1 : 0;
}

main().catch((err) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 2;
});

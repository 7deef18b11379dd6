#!/usr/bin/env node
/*
 * rt-dashboard.js - build a static queue dashboard from Request Tracker (read-only)
 *
 *   node scripts/rt-dashboard.js [--queues Helpdesk,Facilities] [--days 30] [--out public/rt]
 *
 * Queries RT's REST2 API (RT_BASE, token auth "Authorization: token <RT_TOKEN>" from
 * .env) for tickets created/resolved in the window and renders public/rt/index.html plus
 * data.json. Only aggregate numbers and ticket ids/subjects go into the page; requestor
 * addresses are never requested. The page is served by the internal docs site.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');

function envFile() {
  const p = path.join(REPO, '.env');
  const vars = {};
  if (!fs.existsSync(p)) return vars;
  for (const line of fs.readFileSync(p, 'utf8').split(/\r?\n/)) {
    const hit = /^\s*(RT_[A-Z_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (hit) vars[hit[1]] = hit[2].replace(/^["']|["']$/g, '');
  }
  return vars;
}

const settings = { ...envFile(), ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('RT_'))) };

function cli() {
  const args = process.argv.slice(2);
  const out = { queues: null, days: 30, out: 'public/rt' };
  while (args.length) {
    const flag = args.shift();
    if (flag === '--queues') out.queues = args.shift().split(',').map((s) => s.trim()).filter(Boolean);
    else if (flag === '--days') out.days = Number(args.shift());
    else if (flag === '--out') out.out = args.shift();
    else throw new Error(`unknown flag ${flag}`);
  }
  return out;
}

class Rt {
  constructor(base, token) {
    const host = new URL(base).hostname;
    if (!host.endsWith('.internal')) throw new Error(`RT_BASE ${base} is not our RT`);
    this.base = `${base.replace(/\/$/, '')}/REST/2.0/`;
    this.token = token;
    this.calls = 0;
  }

  async get(resource, params = {}) {
    const url = new URL(resource, this.base);
    Object.entries(params).forEach(([k, v]) => url.searchParams.set(k, String(v)));
    let wait = 700;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await fetch(url, { headers: { Authorization: `token ${this.token}`, Accept: 'application/json' } });
      this.calls += 1;
      if (res.ok) return res.json();
      if (attempt === 5 || !(res.status === 429 || res.status >= 500)) {
        throw new Error(`RT ${resource}: HTTP ${res.status}`);
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait *= 2;
    }
    return null;
  }

  async *tickets(query, fields) {
    for (let page = 1; ; page += 1) {
      const data = await this.get('tickets', { query, page, per_page: 100, fields });
      yield* data.items || [];
      if (page >= Number(data.pages || 1)) return;
    }
  }

  async queues() {
    const data = await this.get('queues/all', { per_page: 100, fields: 'Name,Disabled' });
    return (data.items || []).filter((q) => q.Disabled !== '1').map((q) => q.Name);
  }
}

function isoDay(d) {
  return d.toISOString().slice(0, 10);
}

function daysBetween(a, b) {
  return Math.round((b - a) / 86400000);
}

function median(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

async function collectQueue(rt, queue, since) {
  const fields = 'Subject,Status,Created,Resolved,Owner';
  const created = [];
  for await (const t of rt.tickets(`Queue = '${queue}' AND Created >= '${since}'`, fields)) created.push(t);
  const open = [];
  for await (const t of rt.tickets(`Queue = '${queue}' AND (Status = 'new' OR Status = 'open')`, fields)) open.push(t);
  const now = new Date();
  const resolutionDays = created
    .filter((t) => t.Resolved && !t.Resolved.startsWith('1970'))
    .map((t) => daysBetween(new Date(t.Created), new Date(t.Resolved)));
  const perDay = {};
  for (const t of created) {
    const day = t.Created.slice(0, 10);
    perDay[day] = (perDay[day] || 0) + 1;
  }
  const oldest = open
    .map((t) => ({ id: t.id, subject: (t.Subject || '').slice(0, 80), age: daysBetween(new Date(t.Created), now) }))
    .sort((a, b) => b.age - a.age)
    .slice(0, 10);
  return {
    queue,
    created: created.length,
    resolved: resolutionDays.length,
    open: open.length,
    unowned: open.filter((t) => (t.Owner && t.Owner.id) === 'Nobody').length,
    medianResolutionDays: median(resolutionDays),
    perDay,
    oldest,
  };
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

function sparkline(perDay, days) {
  const end = new Date();
  const values = [];
  for (let i = days - 1; i >= 0; i -= 1) {
    values.push(perDay[isoDay(new Date(end - i * 86400000))] || 0);
  }
  const max = Math.max(1, ...values);
  const w = 3;
  const bars = values.map((v, i) => `<rect x="${i * w}" y="${20 - Math.round((v / max) * 20)}" width="${w - 1}" height="${Math.round((v / max) * 20)}"/>`);
  return `<svg width="${values.length * w}" height="20" class="spark">${bars.join('')}</svg>`;
}

function renderHtml(stats, days) {
  const rows = stats.map((s) => `
    <tr>
      <td>${escapeHtml(s.queue)}</td><td>${s.created}</td><td>${s.resolved}</td><td>${s.open}</td>
      <td>${s.unowned}</td><td>${s.medianResolutionDays ?? '-'}</td><td>${sparkline(s.perDay, days)}</td>
    </tr>`).join('');
  const oldest = stats.flatMap((s) => s.oldest.map((o) => ({ ...o, queue: s.queue })))
    .sort((a, b) => b.age - a.age).slice(0, 15)
    .map((o) => `<li>#${o.id} <em>${escapeHtml(o.queue)}</em> ${escapeHtml(o.subject)} (${o.age} d)</li>`).join('');
  return `<!doctype html><meta charset="utf-8"><title>RT queues</title>
<style>body{font:14px system-ui;margin:2rem}table{border-collapse:collapse}td,th{padding:.3rem .6rem;border-bottom:1px solid #ddd}.spark rect{fill:#4a7}</style>
<h1>RT queues, last ${days} days</h1><p>generated ${new Date().toISOString()}</p>
<table><tr><th>Queue</th><th>Created</th><th>Resolved</th><th>Open</th><th>Unowned</th><th>Median days</th><th>Per day</th></tr>${rows}</table>
<h2>Oldest open tickets</h2><ul>${oldest}</ul>`;
}

function writeAtomic(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o750 });
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, content);
  fs.renameSync(tmp, file);
}

async function main() {
  const opts = cli();
  if (!settings.RT_BASE || !settings.RT_TOKEN) throw new Error('RT_BASE and RT_TOKEN must be set in .env');
  const rt = new Rt(settings.RT_BASE, settings.RT_TOKEN);
  const queues = opts.queues || (await rt.queues());
  const since = isoDay(new Date(Date.now() - opts.days * 86400000));
  const stats = [];
  for (const q of queues) {
    process.stderr.write(`queue ${q} ... `);
    stats.push(await collectQueue(rt, q, since));
    process.stderr.write('ok\n');
  }
  const outDir = path.resolve(REPO, opts.out);
  if (!outDir.startsWith(REPO + path.sep)) throw new Error('--out must be inside the repository');
  writeAtomic(path.join(outDir, 'data.json'), JSON.stringify({ since, stats }, null, 2));
  writeAtomic(path.join(outDir, 'index.html'), renderHtml(stats, opts.days));
  console.log(`${queues.length} queue(s), ${rt.calls} API call(s) -> ${path.relative(REPO, outDir)}/index.html`);
}

main().catch((e) => {
  console.error(`rt-dashboard: ${e.message}`);
  process.exit(1);
});

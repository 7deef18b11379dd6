#!/usr/bin/env node
// Export Frappe/ERPNext query reports from the local development site.
//
//   node tools/frappe-reports.js "Stock Balance" --filters '{"company":"Acme Ltd","from_date":"2024-01-01","to_date":"2024-06-30"}'
//   node tools/frappe-reports.js --all          # every report listed in config/reports.json
//
// Calls frappe.desk.query_report.run on SITE_URL (http://books.localhost:8000
// by default – only *.localhost sites are accepted) with token auth from .env
// (FRAPPE_API_KEY / FRAPPE_API_SECRET).  Results are written as CSV and JSON to
// build/reports/<slug>/<date>.{csv,json}; a report that returns more than
// --max-rows rows is truncated with a warning so a runaway report cannot fill
// the disk.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

function settings() {
  const env = {};
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(raw.trim());
      if (m) env[m[1]] = m[2].replace(/^"|"$/g, '');
    }
  }
  const merged = { ...env, ...process.env };
  const site = new URL(merged.SITE_URL || 'http://books.localhost:8000');
  if (!(site.hostname === 'localhost' || site.hostname.endsWith('.localhost'))) {
    throw new Error(`SITE_URL ${site.hostname} is not a local development site`);
  }
  if (!merged.FRAPPE_API_KEY || !merged.FRAPPE_API_SECRET) throw new Error('FRAPPE_API_KEY / FRAPPE_API_SECRET missing');
  return { origin: site.origin, auth: `token ${merged.FRAPPE_API_KEY}:${merged.FRAPPE_API_SECRET}` };
}

function cli() {
  const argv = process.argv.slice(2);
  const o = { reports: [], filters: {}, all: false, maxRows: 200000 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--filters') o.filters = JSON.parse(argv[++i]);
    else if (a === '--all') o.all = true;
    else if (a === '--max-rows') o.maxRows = Number(argv[++i]);
    else if (a === '--list') o.list = true;
    else if (a.startsWith('--')) throw new Error(`unknown flag ${a}`);
    else o.reports.push(a);
  }
  return o;
}

async function runReport(cfg, name, filters) {
  const body = new URLSearchParams({ report_name: name, filters: JSON.stringify(filters), ignore_prepared_report: '1' });
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${cfg.origin}/api/method/frappe.desk.query_report.run`, {
      method: 'POST',
      headers: { authorization: cfg.auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    });
    if (res.ok) return (await res.json()).message;
    if (res.status === 417 || res.status === 403) {
      const err = await res.json().catch(() => ({}));
      throw new Error(`${name}: ${err.exception || `HTTP ${res.status}`}`);
    }
    if (attempt >= 3) throw new Error(`${name}: HTTP ${res.status}`);
    await new Promise((done) => setTimeout(done, 2000 * attempt));
  }
}

function columnsOf(message) {
  return (message.columns || []).map((c) => {
    if (typeof c === 'string') {
      const [label, , fieldname] = c.split(':');
      return { label, fieldname: fieldname || label.toLowerCase().replace(/\W+/g, '_') };
    }
    return { label: c.label, fieldname: c.fieldname || c.label };
  });
}

function rowsOf(message, columns) {
  return (message.result || [])
    .filter((r) => r && !(Array.isArray(r) && r.length === 0))
    .map((r) => (Array.isArray(r) ? Object.fromEntries(columns.map((c, i) => [c.fieldname, r[i]])) : r));
}

function csv(columns, rows) {
  const esc = (v) => {
    const s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return /[",\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [columns.map((c) => esc(c.label)).join(','), ...rows.map((r) => columns.map((c) => esc(r[c.fieldname])).join(','))].join('\n') + '\n';
}

function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

async function exportOne(cfg, name, filters, maxRows) {
  const started = Date.now();
  const message = await runReport(cfg, name, filters);
  const columns = columnsOf(message);
  let rows = rowsOf(message, columns);
  let truncated = false;
  if (rows.length > maxRows) {
    rows = rows.slice(0, maxRows);
    truncated = true;
  }
  const dir = path.join(ROOT, 'build', 'reports', slug(name));
  await fsp.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().substring(0, 10);
  await fsp.writeFile(path.join(dir, `${stamp}.csv`), csv(columns, rows));
  await fsp.writeFile(path.join(dir, `${stamp}.json`), JSON.stringify({ report: name, filters, columns, rows, truncated }, null, 1));
  return { name, rows: rows.length, truncated, seconds: (Date.now() - started) / 1000 };
}

// keep the last N exports per report (our own files under build/reports)
async function prune(keep = 10) {
  const base = path.join(ROOT, 'build', 'reports');
  let removed = 0;
  let dirs = [];
  try {
    dirs = await fsp.readdir(base, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const d of dirs.filter((x) => x.isDirectory())) {
    const dir = path.join(base, d.name);
    const stamps = [...new Set((await fsp.readdir(dir)).map((f) => f.replace(/\.(csv|json)$/, '')))]
      .filter((s) => /^\d{4}-\d{2}-\d{2}$/.test(s))
      .sort();
    for (const s of stamps.slice(0, Math.max(0, stamps.length - keep))) {
      await fsp.rm(path.join(dir, `${s}.csv`), { force: true });
      await fsp.rm(path.join(dir, `${s}.json`), { force: true });
      removed++;
    }
  }
  return removed;
}

async function listReports(cfg) {
  const url = new URL('/api/resource/Report', cfg.origin);
  url.searchParams.set('fields', JSON.stringify(['name', 'report_type', 'module']));
  url.searchParams.set('filters', JSON.stringify([['report_type', '=', 'Script Report']]));
  url.searchParams.set('limit_page_length', '0');
  const res = await fetch(url, { headers: { authorization: cfg.auth, accept: 'application/json' } });
  if (!res.ok) throw new Error(`listing reports: HTTP ${res.status}`);
  return (await res.json()).data;
}

async function main() {
  const o = cli();
  const cfg = settings();
  if (process.argv.includes('--list')) {
    for (const r of await listReports(cfg)) console.log(`${r.module.padEnd(20)} ${r.name}`);
    return;
  }
  let jobs = o.reports.map((r) => ({ name: r, filters: o.filters }));
  if (o.all) {
    const listed = JSON.parse(await fsp.readFile(path.join(ROOT, 'config', 'reports.json'), 'utf8'));
    jobs = listed.map((r) => ({ name: r.name, filters: { ...r.filters, ...o.filters } }));
  }
  if (!jobs.length) throw new Error('name a report or use --all');
  let failed = 0;
  for (const job of jobs) {
    try {
      const r = await exportOne(cfg, job.name, job.filters, o.maxRows);
      console.log(`${r.name.padEnd(32)} ${String(r.rows).padStart(8)} rows  ${r.seconds.toFixed(1)}s${r.truncated ? '  (truncated)' : ''}`);
    } catch (err) {
      failed++;
      console.error(`[reports] ${err.message}`);
    }
  }
  const removed = await prune();
  if (removed) console.error(`[reports] pruned ${removed} old export(s)`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((e) => {
  console.error(`[reports] ${e.message}`);
  process.exitCode = 1;
});

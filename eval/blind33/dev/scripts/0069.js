#!/usr/bin/env node
// Export timesheets from the team's Kimai into CSV files per customer and
// month, for the accountant's import.
//
// Kimai runs at https://kimai.internal (self-hosted). The API token is a
// personal token from Kimai -> My profile -> API access, stored in the
// project's .env as KIMAI_TOKEN. The script only reads (GET) from the API.
//
//   node billing/kimai-export.js 2024-05
//   node billing/kimai-export.js 2024-05 --customer "Acme Labs" --rounded
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');

const ROOT = path.resolve(__dirname, '..');
const OUT_ROOT = path.join(ROOT, 'reports', 'kimai');

function env(name, fallback) {
  if (process.env[name]) return process.env[name];
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const [k, ...rest] = line.split('=');
      if (k && k.trim() === name) return rest.join('=').trim();
    }
  }
  return fallback;
}

const KIMAI = env('KIMAI_URL', 'https://kimai.internal');
if (!new URL(KIMAI).hostname.endsWith('.internal') && new URL(KIMAI).hostname !== 'localhost') {
  throw new Error(`KIMAI_URL must be the internal Kimai, got ${KIMAI}`);
}

async function kimai(route, params = {}) {
  const url = new URL(`/api${route}`, KIMAI);
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) v.forEach((x) => url.searchParams.append(`${k}[]`, x));
    else if (v !== undefined) url.searchParams.set(k, String(v));
  }
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${env('KIMAI_TOKEN')}`, accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`GET ${route}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

function monthBounds(month) {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new Error('month must be YYYY-MM');
  const [y, m] = month.split('-').map(Number);
  const begin = `${month}-01T00:00:00`;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { begin, end: `${month}-${String(last).padStart(2, '0')}T23:59:59` };
}

async function timesheets(begin, end) {
  const all = [];
  for (let page = 1; ; page++) {
    const batch = await kimai('/timesheets', { begin, end, user: 'all', full: 'true', size: 200, page });
    all.push(...batch);
    if (batch.length < 200) break;
  }
  return all;
}

function csvCell(v) {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function roundQuarter(seconds) {
  return Math.ceil(seconds / 900) * 900;
}

function group(rows, rounded) {
  const byCustomer = new Map();
  for (const t of rows) {
    const customer = t.project?.customer?.name || 'unknown';
    const seconds = rounded ? roundQuarter(t.duration) : t.duration;
    const entry = {
      date: t.begin.slice(0, 10),
      user: t.user?.alias || t.user?.username || '',
      project: t.project?.name || '',
      activity: t.activity?.name || '',
      hours: (seconds / 3600).toFixed(2),
      rate: t.rate ?? '',
      description: (t.description || '').replace(/\s+/g, ' ').trim(),
      exported: t.exported ? 'yes' : 'no',
    };
    if (!byCustomer.has(customer)) byCustomer.set(customer, []);
    byCustomer.get(customer).push(entry);
  }
  return byCustomer;
}

function slug(s) {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'unknown';
}

function writeCsv(file, rows) {
  const cols = ['date', 'user', 'project', 'activity', 'hours', 'rate', 'description', 'exported'];
  const lines = [cols.join(';')];
  for (const r of rows.sort((a, b) => a.date.localeCompare(b.date))) lines.push(cols.map((c) => csvCell(r[c])).join(';'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, `${lines.join('\n')}\n`);
  fs.renameSync(tmp, file);
}

function summaryByProject(entries) {
  const totals = new Map();
  for (const e of entries) {
    const key = `${e.project} / ${e.activity}`;
    totals.set(key, (totals.get(key) || 0) + Number(e.hours));
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

function writeSummary(month, grouped) {
  // one markdown overview for the accountant, next to the CSV files
  const lines = [`# Timesheets ${month}`, ''];
  for (const [customer, entries] of [...grouped.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    const total = entries.reduce((s, e) => s + Number(e.hours), 0);
    lines.push(`## ${customer} — ${total.toFixed(2)} h`, '', '| project / activity | hours |', '|---|---|');
    for (const [key, hours] of summaryByProject(entries)) lines.push(`| ${key} | ${hours.toFixed(2)} |`);
    const unexported = entries.filter((e) => e.exported === 'no').length;
    if (unexported) lines.push('', `${unexported} entr${unexported === 1 ? 'y' : 'ies'} not yet marked as exported in Kimai.`);
    lines.push('');
  }
  const file = path.join(OUT_ROOT, month, 'SUMMARY.md');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, lines.join('\n'));
  return file;
}

async function checkVersion() {
  // fail early with a readable message when the token is wrong
  try {
    const v = await kimai('/version');
    console.error(`Kimai ${v.version || v.semver || '?'} at ${KIMAI}`);
  } catch (err) {
    throw new Error(`cannot talk to Kimai (${err.message}); check KIMAI_URL / KIMAI_TOKEN`);
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { customer: { type: 'string' }, rounded: { type: 'boolean', default: false } },
  });
  await checkVersion();
  const month = positionals[0];
  if (!month) throw new Error('usage: kimai-export.js YYYY-MM [--customer NAME] [--rounded]');
  if (!env('KIMAI_TOKEN')) throw new Error('KIMAI_TOKEN missing in .env');
  const { begin, end } = monthBounds(month);
  const rows = await timesheets(begin, end);
  const grouped = group(rows, values.rounded);
  let totalHours = 0;
  for (const [customer, entries] of grouped) {
    if (values.customer && customer !== values.customer) continue;
    const file = path.join(OUT_ROOT, month, `${slug(customer)}.csv`);
    writeCsv(file, entries);
    const hours = entries.reduce((s, e) => s + Number(e.hours), 0);
    totalHours += hours;
    console.log(`${customer.padEnd(30)} ${hours.toFixed(2).padStart(8)} h  -> ${path.relative(ROOT, file)}`);
  }
  if (values.customer && !grouped.has(values.customer)) {
    const known = [...grouped.keys()].sort().join(', ') || 'none';
    console.error(`no timesheets for customer "${values.customer}" in ${month} (customers: ${known})`);
    process.exitCode = 1;
    return;
  }
  console.log(`summary: ${path.relative(ROOT, writeSummary(month, grouped))}`);
  const open = rows.filter((t) => !t.end).length;
  if (open) console.log(`note: ${open} running timesheet(s) were included without an end time`);
  console.log(`total ${totalHours.toFixed(2)} h in ${month}`);
}

main().catch((err) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 1;
});

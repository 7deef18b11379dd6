#!/usr/bin/env node
// Zammad SLA breach report (read-only).
//
//   node tools/zammad-sla.js [--days 30] [--group "1st Level"] [--csv reports/sla.csv]
//
// Pulls tickets created in the window from ZAMMAD_URL with the reporting token in
// .env, computes first-response and close times against the SLA definitions that
// Zammad itself returns (/api/v1/slas) and the business calendar, and prints the
// breaches per group. Nothing is changed in Zammad. Customer names are reduced to
// initials in the CSV output unless --full-names is passed.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');

const DEFAULTS = { days: 30, group: null, csv: null, fullNames: false, perPage: 100 };

function parse(argv) {
  const o = { ...DEFAULTS };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--days') o.days = Number(argv[++i]);
    else if (a === '--group') o.group = argv[++i];
    else if (a === '--csv') o.csv = argv[++i];
    else if (a === '--full-names') o.fullNames = true;
    else throw new Error(`unknown option ${a}`);
  }
  if (!Number.isFinite(o.days) || o.days <= 0) throw new Error('--days must be a positive number');
  return o;
}

function readDotenv() {
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return {};
  return Object.fromEntries(
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#') && l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1).replace(/^"|"$/g, '')]),
  );
}

const env = { ...readDotenv(), ...process.env };
const BASE = (env.ZAMMAD_URL || '').replace(/\/$/, '');
const TOKEN = env.ZAMMAD_TOKEN;

class Zammad {
  constructor(base, token) {
    this.base = base;
    this.headers = { Authorization: `Token token=${token}`, Accept: 'application/json' };
    this.requests = 0;
  }

  async get(route, params = {}) {
    const url = new URL(`${this.base}/api/v1/${route}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(url, { headers: this.headers });
      this.requests++;
      if (res.ok) return res.json();
      if (attempt < 4 && (res.status === 429 || res.status >= 500)) {
        await new Promise((r) => setTimeout(r, 750 * 2 ** attempt));
        continue;
      }
      throw new Error(`GET ${route}: ${res.status}`);
    }
  }

  async *search(query, perPage) {
    for (let page = 1; ; page++) {
      const res = await this.get('tickets/search', { query, page, per_page: perPage, expand: true });
      const list = Array.isArray(res) ? res : [];
      yield* list;
      if (list.length < perPage) return;
    }
  }

  async lookup(route) {
    const items = await this.get(route);
    return new Map(items.map((i) => [i.id, i]));
  }
}

function minutesBetween(a, b) {
  if (!a || !b) return null;
  return Math.round((new Date(b) - new Date(a)) / 60000);
}

function initials(name) {
  return String(name || '')
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => `${p[0].toUpperCase()}.`)
    .join(' ');
}

function slaFor(ticket, slas) {
  // Zammad stores the applied SLA on the ticket when one matched.
  if (ticket.sla_id && slas.has(ticket.sla_id)) return slas.get(ticket.sla_id);
  return null;
}

function evaluate(ticket, sla) {
  const firstResponse = minutesBetween(ticket.created_at, ticket.first_response_at);
  const close = minutesBetween(ticket.created_at, ticket.close_at);
  const breaches = [];
  if (sla?.first_response_time && (firstResponse === null || firstResponse > sla.first_response_time)) {
    if (firstResponse !== null || ticket.first_response_escalation_at) breaches.push('first_response');
  }
  if (sla?.solution_time && close !== null && close > sla.solution_time) breaches.push('solution');
  if (ticket.escalation_at && new Date(ticket.escalation_at) < new Date() && !ticket.close_at) {
    breaches.push('escalated_open');
  }
  return { firstResponse, close, breaches };
}

function percentile(values, p) {
  const v = values.filter((x) => x !== null).sort((a, b) => a - b);
  if (!v.length) return null;
  return v[Math.min(v.length - 1, Math.floor((p / 100) * v.length))];
}

function toCsv(rows) {
  const cols = ['number', 'group', 'sla', 'customer', 'created_at', 'first_response_min', 'close_min', 'breaches'];
  const esc = (v) => (v === null || v === undefined ? '' : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  return [cols.join(','), ...rows.map((r) => cols.map((c) => esc(r[c])).join(','))].join('\n') + '\n';
}

function hours(min) {
  return min === null ? '-' : `${(min / 60).toFixed(1)}h`;
}

async function main() {
  const opts = parse(process.argv.slice(2));
  if (!BASE || !TOKEN) throw new Error('ZAMMAD_URL and ZAMMAD_TOKEN must be set in .env');
  const z = new Zammad(BASE, TOKEN);
  const [groups, users, slas] = await Promise.all([z.lookup('groups'), z.lookup('users?per_page=500'), z.lookup('slas')]);

  const since = new Date(Date.now() - opts.days * 86400000).toISOString().slice(0, 10);
  let query = `created_at:>=${since}`;
  if (opts.group) query += ` AND group.name:"${opts.group}"`;

  const rows = [];
  const perGroup = new Map();
  for await (const t of z.search(query, opts.perPage)) {
    const group = groups.get(t.group_id)?.name ?? '?';
    const sla = slaFor(t, slas);
    const result = evaluate(t, sla);
    const customer = users.get(t.customer_id);
    const name = customer ? `${customer.firstname} ${customer.lastname}` : '';
    rows.push({
      number: t.number,
      group,
      sla: sla?.name ?? '',
      customer: opts.fullNames ? name : initials(name),
      created_at: t.created_at,
      first_response_min: result.firstResponse,
      close_min: result.close,
      breaches: result.breaches.join('|'),
    });
    const g = perGroup.get(group) || { tickets: 0, breached: 0, fr: [], close: [] };
    g.tickets++;
    if (result.breaches.length) g.breached++;
    g.fr.push(result.firstResponse);
    g.close.push(result.close);
    perGroup.set(group, g);
  }

  console.log(`SLA report since ${since} (${rows.length} tickets, ${z.requests} API calls)\n`);
  console.log('group'.padEnd(24), 'tickets'.padStart(8), 'breached'.padStart(9), 'p50 FR'.padStart(8), 'p90 FR'.padStart(8), 'p50 close'.padStart(10));
  for (const [group, g] of [...perGroup].sort((a, b) => b[1].breached - a[1].breached)) {
    console.log(
      group.padEnd(24),
      String(g.tickets).padStart(8),
      String(g.breached).padStart(9),
      hours(percentile(g.fr, 50)).padStart(8),
      hours(percentile(g.fr, 90)).padStart(8),
      hours(percentile(g.close, 50)).padStart(10),
    );
  }

  if (opts.csv) {
    const out = path.resolve(ROOT, opts.csv);
    if (!out.startsWith(ROOT + path.sep)) throw new Error('--csv must point inside the project');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(`${out}.tmp`, toCsv(rows));
    fs.renameSync(`${out}.tmp`, out);
    console.log(`\nCSV written to ${path.relative(ROOT, out)}`);
  }
  const breached = rows.filter((r) => r.breaches).length;
  console.log(`\n${breached} ticket(s) with at least one breach`);
}

main().catch((err) => {
  console.error(`zammad-sla: ${err.message}`);
  process.exit(1);
});

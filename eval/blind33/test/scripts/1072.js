#!/usr/bin/env node
/*
 * ninja-clients.js - keep Invoice Ninja clients in sync with billing/clients.yaml.
 *
 * billing/clients.yaml is the source of truth for client master data
 * (number, name, VAT id, payment terms, contacts). The script compares it with
 * the clients in Invoice Ninja (https://invoicing.co/api/v1) and
 *   - prints a plan by default,
 *   - creates missing clients and updates changed fields with --apply,
 *   - never deletes or archives clients (that is a manual decision).
 *
 * Token: NINJA_API_TOKEN from billing/.env, sent only to invoicing.co in the
 * X-Api-Token header; it is masked in all output.
 *
 *   node billing/ninja-clients.js
 *   node billing/ninja-clients.js --apply
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');

const ROOT = path.resolve(__dirname, '..');
const SPEC = path.join(ROOT, 'billing', 'clients.yaml');
const API = 'https://invoicing.co/api/v1';
const FIELDS = ['name', 'vat_number', 'address1', 'city', 'postal_code', 'country_id', 'public_notes'];
const nap = (ms) => new Promise((r) => setTimeout(r, ms));

function token() {
  if (process.env.NINJA_API_TOKEN) return process.env.NINJA_API_TOKEN;
  const file = path.join(ROOT, 'billing', '.env');
  if (fs.existsSync(file)) {
    const m = /^NINJA_API_TOKEN=(.+)$/m.exec(fs.readFileSync(file, 'utf8'));
    if (m) return m[1].trim();
  }
  throw new Error('NINJA_API_TOKEN missing (billing/.env)');
}

const masked = (t) => `${t.slice(0, 4)}${'*'.repeat(Math.max(0, Math.min(8, t.length - 4)))}`;

async function ninja(method, route, payload) {
  for (let attempt = 1; ; attempt += 1) {
    const res = await fetch(`${API}${route}`, {
      method,
      headers: {
        'X-Api-Token': token(),
        'X-Requested-With': 'XMLHttpRequest',
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: payload ? JSON.stringify(payload) : undefined,
    });
    if (res.status === 429 && attempt < 5) {
      await nap(1000 * 2 ** attempt);
      continue;
    }
    if (!res.ok) throw new Error(`Invoice Ninja ${method} ${route} failed (${res.status}): ${(await res.text()).slice(0, 240)}`);
    return res.json();
  }
}

async function remoteClients() {
  const all = [];
  for (let page = 1; ; page += 1) {
    const res = await ninja('GET', `/clients?per_page=100&page=${page}&include=contacts`);
    all.push(...res.data);
    const meta = res.meta?.pagination;
    if (!meta || meta.current_page >= meta.total_pages) break;
  }
  return all;
}

function localClients() {
  const doc = YAML.parse(fs.readFileSync(SPEC, 'utf8')) || {};
  const seen = new Set();
  return (doc.clients || []).map((c) => {
    if (!c.number) throw new Error(`client ${c.name} has no number`);
    if (seen.has(c.number)) throw new Error(`duplicate client number ${c.number}`);
    seen.add(c.number);
    return {
      number: String(c.number),
      name: c.name,
      vat_number: c.vat || '',
      address1: c.address?.street || '',
      city: c.address?.city || '',
      postal_code: c.address?.postal_code || '',
      country_id: String(c.address?.country_id || ''),
      public_notes: c.notes || '',
      contacts: (c.contacts || []).map((p) => ({ first_name: p.first, last_name: p.last, email: p.email })),
      settings: c.payment_terms ? { payment_terms: String(c.payment_terms) } : undefined,
    };
  });
}

function changedFields(local, remote) {
  return FIELDS.filter((f) => String(local[f] ?? '') !== String(remote[f] ?? ''));
}

function contactsDiffer(local, remote) {
  const key = (c) => `${c.email || ''}`.toLowerCase();
  const a = new Set(local.contacts.map(key));
  const b = new Set((remote.contacts || []).map(key));
  return a.size !== b.size || [...a].some((x) => !b.has(x));
}

function validateLocal(locals) {
  // catch typos before they reach the accounting system
  const problems = [];
  for (const c of locals) {
    if (c.vat_number && !/^[A-Z]{2}[A-Z0-9]{8,12}$/.test(c.vat_number)) problems.push(`${c.number}: VAT id "${c.vat_number}" looks wrong`);
    if (c.country_id && !/^\d+$/.test(c.country_id)) problems.push(`${c.number}: country_id must be numeric`);
    for (const p of c.contacts) {
      if (p.email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(p.email)) problems.push(`${c.number}: invalid contact email`);
    }
    if (!c.contacts.length) problems.push(`${c.number}: no contact person; invoices would have no recipient`);
  }
  return problems;
}

function writePlan(plan) {
  const out = path.join(ROOT, 'build', 'ninja-clients-plan.json');
  fs.mkdirSync(path.join(ROOT, 'build'), { recursive: true });
  const slim = plan.map((p) => ({
    kind: p.kind,
    number: p.local.number,
    name: p.local.name,
    fields: p.fields || FIELDS,
    contacts: Boolean(p.contacts),
  }));
  fs.writeFileSync(out, JSON.stringify(slim, null, 2) + '\n');
  return out;
}

async function main() {
  const apply = process.argv.includes('--apply');
  const problems = validateLocal(localClients());
  if (problems.length) {
    problems.forEach((p) => console.error(`clients.yaml: ${p}`));
    process.exitCode = 2;
    return;
  }
  console.error(`Invoice Ninja token ${masked(token())}`);
  const locals = localClients();
  const remotes = new Map((await remoteClients()).map((c) => [String(c.number), c]));
  const plan = [];
  for (const local of locals) {
    const remote = remotes.get(local.number);
    if (!remote) {
      plan.push({ kind: 'create', local });
      continue;
    }
    const fields = changedFields(local, remote);
    const contacts = contactsDiffer(local, remote);
    if (fields.length || contacts) plan.push({ kind: 'update', local, remote, fields, contacts });
  }
  const unknown = [...remotes.keys()].filter((n) => !locals.some((l) => l.number === n));

  for (const p of plan) {
    if (p.kind === 'create') console.log(`+ create ${p.local.number} ${p.local.name}`);
    else console.log(`~ update ${p.local.number} ${p.local.name}: ${[...p.fields, ...(p.contacts ? ['contacts'] : [])].join(', ')}`);
  }
  for (const n of unknown) console.log(`? ${n} ${remotes.get(n).name} exists only in Invoice Ninja (left alone)`);
  if (!plan.length) {
    console.log('clients in sync');
    return;
  }
  console.error(`plan written to ${path.relative(ROOT, writePlan(plan))}`);
  if (!apply) {
    console.log(`\n${plan.length} change(s); re-run with --apply`);
    return;
  }
  for (const p of plan) {
    if (p.kind === 'create') {
      const res = await ninja('POST', '/clients', p.local);
      console.log(`created ${p.local.number} (${res.data.id})`);
    } else {
      await ninja('PUT', `/clients/${p.remote.id}`, { ...p.local, contacts: p.contacts ? p.local.contacts : undefined });
      console.log(`updated ${p.local.number}`);
    }
  }
}

main().catch((err) => {
  console.error(`ninja-clients: ${err.message}`);
  process.exitCode = 1;
});

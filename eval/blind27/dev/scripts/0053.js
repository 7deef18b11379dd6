#!/usr/bin/env node
// Sync the sample inventory from Airtable into data/inventory.json and
// push back location changes recorded in data/moves.csv.
//
//   node tools/airtable-inventory.js pull
//   node tools/airtable-inventory.js push            (plan)
//   node tools/airtable-inventory.js push --apply    (PATCH records)
//
// AIRTABLE_TOKEN / AIRTABLE_BASE come from .env and are only sent to
// api.airtable.com. Only the "Location" and "Moved at" fields are ever written.
'use strict';

const fs = require('fs');
const path = require('path');
const readline = require('readline');

const ROOT = path.resolve(__dirname, '..');
const DATA = path.join(ROOT, 'data');
const INVENTORY = path.join(DATA, 'inventory.json');
const MOVES = path.join(DATA, 'moves.csv');
const TABLE = 'Samples';
const WRITABLE_FIELDS = new Set(['Location', 'Moved at']);
const BATCH = 10; // Airtable limit per PATCH

function readDotEnv() {
  const p = path.join(ROOT, '.env');
  if (!fs.existsSync(p)) return {};
  return Object.fromEntries(
    fs
      .readFileSync(p, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#') && l.includes('='))
      .map((l) => {
        const i = l.indexOf('=');
        return [l.slice(0, i).trim(), l.slice(i + 1).trim().replace(/^"|"$/g, '')];
      }),
  );
}

const cfg = { ...readDotEnv(), ...process.env };
const TOKEN = cfg.AIRTABLE_TOKEN;
const BASE = cfg.AIRTABLE_BASE;

function die(msg) {
  console.error(`error: ${msg}`);
  process.exit(1);
}

if (!TOKEN || !BASE) die('AIRTABLE_TOKEN and AIRTABLE_BASE are required in .env');
if (!/^app[A-Za-z0-9]{14}$/.test(BASE)) die(`AIRTABLE_BASE looks wrong: ${BASE}`);

const endpoint = (suffix = '') => `https://api.airtable.com/v0/${BASE}/${encodeURIComponent(TABLE)}${suffix}`;

async function call(method, url, body) {
  let delay = 300;
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const res = await fetch(url, {
      method,
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status === 429) {
      // Airtable asks clients to wait 30s after a 429; we back off exponentially up to that
      await new Promise((r) => setTimeout(r, Math.min(delay, 30000)));
      delay *= 3;
      continue;
    }
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.error?.message || ''}`);
    return json;
  }
  throw new Error('rate limited too many times');
}

async function pull() {
  const records = [];
  let offset;
  do {
    const qs = new URLSearchParams({ pageSize: '100', view: 'Grid view' });
    if (offset) qs.set('offset', offset);
    const page = await call('GET', endpoint(`?${qs}`));
    records.push(...page.records);
    offset = page.offset;
  } while (offset);
  const slim = records.map((r) => ({
    id: r.id,
    sampleId: r.fields['Sample ID'],
    type: r.fields.Type,
    location: r.fields.Location,
    owner: r.fields.Owner?.name || r.fields.Owner,
    movedAt: r.fields['Moved at'] || null,
  }));
  fs.mkdirSync(DATA, { recursive: true });
  const tmp = `${INVENTORY}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(slim, null, 2));
  fs.renameSync(tmp, INVENTORY);
  console.log(`pulled ${slim.length} samples into ${path.relative(ROOT, INVENTORY)}`);
  const byType = slim.reduce((acc, s) => ((acc[s.type || '?'] = (acc[s.type || '?'] || 0) + 1), acc), {});
  for (const [t, n] of Object.entries(byType).sort((a, b) => b[1] - a[1])) {
    console.log(`  ${String(n).padStart(5)}  ${t}`);
  }
}

async function readMoves() {
  if (!fs.existsSync(MOVES)) return [];
  const rl = readline.createInterface({ input: fs.createReadStream(MOVES), crlfDelay: Infinity });
  const moves = [];
  let header = null;
  for await (const line of rl) {
    if (!line.trim()) continue;
    const cols = line.split(',').map((c) => c.trim());
    if (!header) {
      header = cols;
      continue;
    }
    const row = Object.fromEntries(header.map((h, i) => [h, cols[i]]));
    if (!row.sample_id || !row.location) {
      console.warn(`skipping malformed line: ${line}`);
      continue;
    }
    moves.push(row);
  }
  return moves;
}

function buildUpdates(moves, inventory) {
  const bySample = new Map(inventory.map((s) => [s.sampleId, s]));
  const updates = [];
  for (const m of moves) {
    const rec = bySample.get(m.sample_id);
    if (!rec) {
      console.warn(`unknown sample ${m.sample_id} (pull first?)`);
      continue;
    }
    if (rec.location === m.location) continue;
    const fields = { Location: m.location, 'Moved at': m.moved_at || new Date().toISOString() };
    for (const k of Object.keys(fields)) {
      if (!WRITABLE_FIELDS.has(k)) throw new Error(`refusing to write field ${k}`);
    }
    updates.push({ id: rec.id, fields, from: rec.location, sample: m.sample_id });
  }
  return updates;
}

async function push(apply) {
  if (!fs.existsSync(INVENTORY)) die('run "pull" first');
  const inventory = JSON.parse(fs.readFileSync(INVENTORY, 'utf8'));
  const updates = buildUpdates(await readMoves(), inventory);
  if (!updates.length) {
    console.log('no location changes to push');
    return;
  }
  for (const u of updates) console.log(`${u.sample}: ${u.from || '(none)'} -> ${u.fields.Location}`);
  if (!apply) {
    console.log(`${updates.length} change(s) planned; re-run with --apply`);
    return;
  }
  for (let i = 0; i < updates.length; i += BATCH) {
    const chunk = updates.slice(i, i + BATCH).map(({ id, fields }) => ({ id, fields }));
    await call('PATCH', endpoint(), { records: chunk, typecast: false });
    console.log(`patched ${Math.min(i + BATCH, updates.length)}/${updates.length}`);
  }
  const done = path.join(DATA, `moves-applied-${Date.now()}.csv`);
  fs.renameSync(MOVES, done);
  console.log(`moves file archived as ${path.relative(ROOT, done)}`);
  await pull();
}

async function main() {
  const [cmd, ...rest] = process.argv.slice(2);
  switch (cmd) {
    case 'pull':
      await pull();
      break;
    case 'push':
      await push(rest.includes('--apply'));
      break;
    default:
      console.log('usage: airtable-inventory.js pull | push [--apply]');
      process.exitCode = 2;
  }
}

main().catch((e) => die(e.message));

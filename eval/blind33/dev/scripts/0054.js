#!/usr/bin/env node
// Directus schema-as-code for the local development instance.
//
//   node scripts/directus-schema.js snapshot          instance -> directus/snapshot.json
//   node scripts/directus-schema.js diff              show what apply would change
//   node scripts/directus-schema.js apply --yes       apply directus/snapshot.json
//
// Uses the Directus REST endpoints /schema/snapshot, /schema/diff and
// /schema/apply with a static admin token from the project's .env
// (DIRECTUS_TOKEN). Only instances on localhost or *.internal are accepted,
// and `apply` refuses diffs that drop collections or fields unless
// --allow-destructive is also given.
'use strict';

const fs = require('node:fs/promises');
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const readline = require('node:readline/promises');

const ROOT = path.resolve(__dirname, '..');
const SNAPSHOT = path.join(ROOT, 'directus', 'snapshot.json');

function env(name, fallback) {
  if (process.env[name]) return process.env[name];
  const file = path.join(ROOT, '.env');
  if (existsSync(file)) {
    const m = readFileSync(file, 'utf8').match(new RegExp(`^${name}=(.*)$`, 'm'));
    if (m) return m[1].trim().replace(/^['"]|['"]$/g, '');
  }
  return fallback;
}

function directusUrl() {
  const url = new URL(env('DIRECTUS_URL', 'http://localhost:8055'));
  if (!(url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname.endsWith('.internal'))) {
    throw new Error(`DIRECTUS_URL ${url.origin} is not a local/internal instance`);
  }
  return url.origin;
}

async function api(method, route, body) {
  const token = env('DIRECTUS_TOKEN');
  if (!token) throw new Error('DIRECTUS_TOKEN missing (.env)');
  const res = await fetch(`${directusUrl()}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return null;
  const text = await res.text();
  if (!res.ok) {
    let msg = text;
    try {
      msg = JSON.parse(text).errors.map((e) => e.message).join('; ');
    } catch {
      /* keep raw text */
    }
    throw new Error(`${method} ${route}: ${res.status} ${msg.slice(0, 300)}`);
  }
  return text ? JSON.parse(text) : null;
}

function stable(value) {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    const out = {};
    for (const key of Object.keys(value).sort()) out[key] = stable(value[key]);
    return out;
  }
  return value;
}

async function cmdSnapshot() {
  const { data } = await api('GET', '/schema/snapshot');
  // sort collections/fields so the file diffs cleanly in review
  data.collections.sort((a, b) => a.collection.localeCompare(b.collection));
  data.fields.sort((a, b) => `${a.collection}.${a.field}`.localeCompare(`${b.collection}.${b.field}`));
  data.relations.sort((a, b) => `${a.collection}.${a.field}`.localeCompare(`${b.collection}.${b.field}`));
  await fs.mkdir(path.dirname(SNAPSHOT), { recursive: true });
  const tmp = `${SNAPSHOT}.tmp`;
  await fs.writeFile(tmp, `${JSON.stringify(stable(data), null, 2)}\n`);
  await fs.rename(tmp, SNAPSHOT);
  console.log(
    `snapshot: ${data.collections.length} collections, ${data.fields.length} fields, ` +
      `${data.relations.length} relations -> ${path.relative(ROOT, SNAPSHOT)}`,
  );
}

async function loadSnapshot() {
  try {
    return JSON.parse(await fs.readFile(SNAPSHOT, 'utf8'));
  } catch (err) {
    throw new Error(`cannot read ${path.relative(ROOT, SNAPSHOT)}: ${err.message}`);
  }
}

async function computeDiff() {
  const snapshot = await loadSnapshot();
  const res = await api('POST', '/schema/diff?force=false', snapshot);
  return res ? res.data : null;
}

function summarise(diff) {
  const lines = [];
  const destructive = [];
  const kind = (d) => (d.some((x) => x.kind === 'N') ? 'create' : d.some((x) => x.kind === 'D') ? 'delete' : 'update');
  for (const c of diff.diff.collections || []) {
    const k = kind(c.diff);
    lines.push(`${k.padEnd(7)} collection ${c.collection}`);
    if (k === 'delete') destructive.push(`collection ${c.collection}`);
  }
  for (const f of diff.diff.fields || []) {
    const k = kind(f.diff);
    lines.push(`${k.padEnd(7)} field      ${f.collection}.${f.field}`);
    if (k === 'delete') destructive.push(`field ${f.collection}.${f.field}`);
  }
  for (const r of diff.diff.relations || []) {
    lines.push(`${kind(r.diff).padEnd(7)} relation   ${r.collection}.${r.field}`);
  }
  return { lines, destructive };
}

async function confirm(question) {
  if (!process.stdin.isTTY) return false;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(`${question} [y/N] `);
  rl.close();
  return /^y(es)?$/i.test(answer.trim());
}

async function cmdDiff() {
  const diff = await computeDiff();
  if (!diff) {
    console.log('instance matches directus/snapshot.json');
    return;
  }
  const { lines, destructive } = summarise(diff);
  console.log(lines.join('\n'));
  if (destructive.length) console.log(`\n${destructive.length} destructive change(s)`);
}

async function cmdApply(flags) {
  const diff = await computeDiff();
  if (!diff) {
    console.log('nothing to apply');
    return;
  }
  const { lines, destructive } = summarise(diff);
  console.log(lines.join('\n'));
  if (destructive.length && !flags.includes('--allow-destructive')) {
    throw new Error(`refusing to apply ${destructive.length} destructive change(s): ${destructive.join(', ')}`);
  }
  if (!flags.includes('--yes') && !(await confirm(`apply ${lines.length} change(s) to ${directusUrl()}?`))) {
    console.log('aborted');
    return;
  }
  await api('POST', '/schema/apply', diff);
  console.log('schema applied');
}

async function main() {
  const [cmd, ...flags] = process.argv.slice(2);
  switch (cmd) {
    case 'snapshot':
      return cmdSnapshot();
    case 'diff':
      return cmdDiff();
    case 'apply':
      return cmdApply(flags);
    default:
      console.log('usage: directus-schema.js snapshot|diff|apply [--yes] [--allow-destructive]');
      process.exitCode = 2;
  }
}

main().catch((err) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 1;
});

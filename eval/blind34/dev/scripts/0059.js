#!/usr/bin/env node
// tracking-plan.js - validate analytics calls in the web app against our
// tracking plan, and optionally send sample events to the Segment *dev*
// source so the debugger shows them.
//
//   node tools/tracking-plan.js lint            # static check of src/**
//   node tools/tracking-plan.js sample          # print the sample events
//   node tools/tracking-plan.js sample --live   # send them to the dev source
//
// The write key is SEGMENT_DEV_WRITE_KEY from .env and is only ever sent in
// the Basic auth header to api.segment.io, as Segment's HTTP API documents.

'use strict';

const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const ROOT = path.resolve(__dirname, '..');
const PLAN = path.join(ROOT, 'analytics', 'tracking-plan.json');
const SRC = path.join(ROOT, 'src');
const BATCH_URL = 'https://api.segment.io/v1/batch';
const CALL_RE = /analytics\.(track|page|identify)\(\s*(['"`])([^'"`]+)\2\s*(?:,\s*\{([^}]*)\})?/g;

function loadPlan() {
  const plan = JSON.parse(fs.readFileSync(PLAN, 'utf8'));
  const events = new Map();
  for (const ev of plan.events) {
    events.set(ev.name, {
      required: new Set(ev.required ?? []),
      allowed: new Set([...(ev.required ?? []), ...(ev.optional ?? [])]),
      sample: ev.sample ?? {},
    });
  }
  return events;
}

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(jsx?|tsx?)$/.test(entry.name)) yield full;
  }
}

function propsFromLiteral(literal) {
  if (!literal) return [];
  return literal
    .split(',')
    .map((p) => p.split(':')[0].trim().replace(/^['"]|['"]$/g, ''))
    .filter((p) => /^[a-zA-Z_][\w]*$/.test(p));
}

function lint(plan) {
  const findings = [];
  const used = new Set();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    let m;
    CALL_RE.lastIndex = 0;
    while ((m = CALL_RE.exec(text))) {
      const [, kind, , name, literal] = m;
      if (kind !== 'track') continue;
      const line = text.slice(0, m.index).split('\n').length;
      const where = `${path.relative(ROOT, file)}:${line}`;
      used.add(name);
      const spec = plan.get(name);
      if (!spec) {
        findings.push(`${where}: event "${name}" is not in the tracking plan`);
        continue;
      }
      const props = propsFromLiteral(literal);
      for (const p of props) {
        if (!spec.allowed.has(p)) findings.push(`${where}: "${name}" has unplanned property ${p}`);
      }
      if (literal !== undefined) {
        for (const r of spec.required) {
          if (!props.includes(r)) findings.push(`${where}: "${name}" lacks required property ${r}`);
        }
      }
    }
  }
  for (const name of plan.keys()) {
    if (!used.has(name)) findings.push(`tracking plan: "${name}" is never tracked in src/`);
  }
  return findings;
}

function writeKey() {
  let key = process.env.SEGMENT_DEV_WRITE_KEY;
  const envFile = path.join(ROOT, '.env');
  if (!key && fs.existsSync(envFile)) {
    const m = fs.readFileSync(envFile, 'utf8').match(/^SEGMENT_DEV_WRITE_KEY=(.+)$/m);
    key = m?.[1]?.trim();
  }
  if (!key) throw new Error('SEGMENT_DEV_WRITE_KEY missing');
  return key;
}

function sampleBatch(plan) {
  const anonymousId = `dev-${crypto.randomUUID()}`;
  const now = new Date().toISOString();
  return [...plan.entries()].map(([event, spec]) => ({
    type: 'track',
    event,
    anonymousId,
    properties: { ...spec.sample, _sample: true },
    timestamp: now,
    messageId: crypto.randomUUID(),
    context: { library: { name: 'tracking-plan.js', version: '1.0.0' } },
  }));
}

async function sendBatch(batch, key) {
  const auth = Buffer.from(`${key}:`).toString('base64');
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const res = await fetch(BATCH_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Basic ${auth}` },
      body: JSON.stringify({ batch, sentAt: new Date().toISOString() }),
    });
    if (res.ok) return;
    if (res.status < 500 && res.status !== 429) throw new Error(`segment ${res.status}: ${await res.text()}`);
    await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
  }
  throw new Error('segment batch failed after retries');
}

// Property naming convention from the analytics guide: snake_case, no
// abbreviations that the warehouse team has banned.
const BANNED = new Set(['usr', 'amt', 'qty', 'desc']);

function namingFindings(plan) {
  const out = [];
  for (const [event, spec] of plan.entries()) {
    if (!/^[A-Z][A-Za-z]+( [A-Z][A-Za-z]+)*$/.test(event)) {
      out.push(`tracking plan: event "${event}" is not in "Object Action" title case`);
    }
    for (const prop of spec.allowed) {
      if (!/^[a-z][a-z0-9_]*$/.test(prop)) out.push(`tracking plan: "${event}".${prop} is not snake_case`);
      if (prop.split('_').some((part) => BANNED.has(part))) {
        out.push(`tracking plan: "${event}".${prop} uses a banned abbreviation`);
      }
    }
  }
  return out;
}

function printSummary(findings) {
  const byFile = new Map();
  for (const f of findings) {
    const file = f.split(':')[0];
    byFile.set(file, (byFile.get(file) ?? 0) + 1);
  }
  for (const [file, count] of [...byFile.entries()].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${String(count).padStart(3)}  ${file}`);
  }
}

async function main() {
  const [command = 'lint', ...flags] = process.argv.slice(2);
  const plan = loadPlan();
  if (command === 'lint') {
    const findings = [...namingFindings(plan), ...lint(plan)];
    for (const f of findings) console.log(f);
    if (findings.length) {
      console.log(`\n${findings.length} finding(s) by file:`);
      printSummary(findings);
    } else {
      console.log(`tracking plan OK (${plan.size} events)`);
    }
    process.exitCode = findings.length ? 1 : 0;
    return;
  }
  if (command === 'sample') {
    const batch = sampleBatch(plan);
    if (!flags.includes('--live')) {
      console.log(JSON.stringify(batch, null, 2));
      console.error('printed only; add --live to send to the Segment dev source');
      return;
    }
    const key = writeKey();
    console.error(`sending ${batch.length} sample events with dev key ${key.slice(0, 4)}…`);
    await sendBatch(batch, key);
    console.log('sent; check the dev source debugger');
    return;
  }
  throw new Error(`unknown command ${command} (lint|sample)`);
}

main().catch((err) => {
  console.error(`tracking-plan: ${err.message}`);
  process.exitCode = 2;
});

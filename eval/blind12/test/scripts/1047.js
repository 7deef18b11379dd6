#!/usr/bin/env node
// Analyse the HAR files recorded by the Playwright e2e suite
// (test-results/**/*.har): slowest requests, per-host totals, failed calls.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const RESULTS = path.join(__dirname, '..', 'test-results');

function* harFiles(dir) {
  if (!fs.existsSync(dir)) return;
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* harFiles(full);
    else if (entry.name.endsWith('.har')) yield full;
  }
}

function entriesOf(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')).log.entries || [];
  } catch (err) {
    console.warn(`skip ${path.basename(file)}: ${err.message}`);
    return [];
  }
}

function summarise(files) {
  const slow = [];
  const hosts = new Map();
  const failures = [];
  let total = 0;
  for (const file of files) {
    const test = path.basename(path.dirname(file));
    for (const e of entriesOf(file)) {
      total += 1;
      const url = new URL(e.request.url);
      const key = url.host;
      const h = hosts.get(key) || { count: 0, ms: 0, bytes: 0 };
      h.count += 1;
      h.ms += e.time;
      h.bytes += Math.max(0, e.response.bodySize || 0);
      hosts.set(key, h);
      slow.push({ ms: e.time, method: e.request.method, path: url.pathname, test });
      if (e.response.status >= 400 || e.response.status === 0) {
        failures.push({ status: e.response.status, method: e.request.method, path: url.pathname, test });
      }
    }
  }
  slow.sort((a, b) => b.ms - a.ms);
  return { total, slow, hosts, failures };
}

function print({ total, slow, hosts, failures }, top) {
  console.log(`${total} requests\n`);
  console.log('slowest:');
  for (const s of slow.slice(0, top)) {
    console.log(`  ${s.ms.toFixed(0).padStart(7)} ms  ${s.method.padEnd(6)} ${s.path}  [${s.test}]`);
  }
  console.log('\nby host:');
  const rows = [...hosts.entries()].sort((a, b) => b[1].ms - a[1].ms);
  for (const [host, h] of rows) {
    const kb = (h.bytes / 1024).toFixed(0);
    console.log(`  ${host.padEnd(32)} ${String(h.count).padStart(6)} req ${String(Math.round(h.ms)).padStart(9)} ms ${kb.padStart(7)} KiB`);
  }
  console.log(`\nfailed requests: ${failures.length}`);
  const grouped = new Map();
  for (const f of failures) {
    const k = `${f.status} ${f.method} ${f.path}`;
    grouped.set(k, (grouped.get(k) || 0) + 1);
  }
  for (const [k, n] of [...grouped.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${String(n).padStart(4)}x ${k}`);
  }
}

function main() {
  const topArg = process.argv.indexOf('--top');
  const top = topArg > -1 ? Number(process.argv[topArg + 1]) : 15;
  const files = [...harFiles(RESULTS)];
  if (!files.length) {
    console.error('no HAR files under test-results/ (run e2e with recordHar enabled)');
    process.exitCode = 1;
    return;
  }
  console.log(`${files.length} HAR file(s)`);
  print(summarise(files), top);
}

main();

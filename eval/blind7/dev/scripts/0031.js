#!/usr/bin/env node
// Collect test timing data from Jest results and upload it for test splitting.
'use strict';
const fs = require('fs');
const path = require('path');

const RESULTS = process.argv[2] || 'build/jest-results.json';
const SPLIT_SERVICE = process.env.SPLIT_SERVICE || 'https://test-split.example.com/v1/timings';

function load() {
  if (!fs.existsSync(RESULTS)) {
    console.error(`run jest with --json --outputFile=${RESULTS} first`);
    process.exit(1);
  }
  return JSON.parse(fs.readFileSync(RESULTS, 'utf8'));
}

function timings(results) {
  return results.testResults.map((t) => ({
    file: path.relative(process.cwd(), t.name),
    ms: t.endTime - t.startTime,
    status: t.status,
    tests: t.assertionResults.length,
  }));
}

async function upload(rows) {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  const res = await fetch(SPLIT_SERVICE, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ project: pkg.name, rows }),
  });
  if (!res.ok) throw new Error(`upload failed: ${res.status}`);
}

async function main() {
  const rows = timings(load());
  rows.sort((a, b) => b.ms - a.ms);
  for (const r of rows.slice(0, 10)) console.log(`${String(r.ms).padStart(7)} ms  ${r.file}`);
  const total = rows.reduce((s, r) => s + r.ms, 0);
  console.log(`total ${(total / 1000).toFixed(1)} s in ${rows.length} files`);
  fs.writeFileSync('build/timings.json', JSON.stringify(rows, null, 2));
  await upload(rows);
  console.log('uploaded timings');
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

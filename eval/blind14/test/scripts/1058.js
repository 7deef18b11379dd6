#!/usr/bin/env node
// Send anonymous test-duration statistics to the team's metrics collector
// so we can spot slow suites over time. Only names and durations are sent.
'use strict';

const fs = require('node:fs');

const COLLECTOR = 'https://test-metrics.example.net/ingest';
const REPORT = 'reports/vitest.json';

function load() {
  const data = JSON.parse(fs.readFileSync(REPORT, 'utf8'));
  return (data.testResults || []).map((r) => ({
    file: r.name.replace(process.cwd(), ''),
    ms: r.endTime - r.startTime,
    status: r.status,
  }));
}

async function main() {
  if (!fs.existsSync(REPORT)) {
    console.log(`${REPORT} missing; run vitest with --reporter=json --outputFile=${REPORT}`);
    return;
  }
  const suites = load();
  const res = await fetch(COLLECTOR, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ repo: 'orbit', suites }),
  });
  console.log(`sent ${suites.length} suite timings: ${res.status}`);
}

main().catch((e) => console.error(e.message));

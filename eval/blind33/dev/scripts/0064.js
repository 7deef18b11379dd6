#!/usr/bin/env node
// Publish the weekly Timewarrior summary (hours per project, no client data)
// to the team dashboard.
'use strict';

const { execFileSync } = require('node:child_process');

const DASHBOARD = process.env.DASHBOARD_URL || 'https://dash.freelance-tools.example.net/api/hours';

function weekly() {
  const raw = execFileSync('timew', ['export', ':week'], { encoding: 'utf8' });
  const totals = {};
  for (const iv of JSON.parse(raw)) {
    if (!iv.end) continue;
    const project = (iv.tags || []).find((t) => t.startsWith('project:')) || 'project:none';
    const start = Date.parse(iv.start.replace(/(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z/, '$1-$2-$3T$4:$5:$6Z'));
    const end = Date.parse(iv.end.replace(/(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z/, '$1-$2-$3T$4:$5:$6Z'));
    totals[project] = (totals[project] || 0) + (end - start) / 3600000;
  }
  return totals;
}

async function main() {
  const totals = weekly();
  console.table(totals);
  const res = await fetch(DASHBOARD, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ week: new Date().toISOString().slice(0, 10), totals }),
  });
  console.log(`dashboard responded ${res.status}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

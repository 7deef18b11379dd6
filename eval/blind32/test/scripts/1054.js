#!/usr/bin/env node
/*
 * alert-tests.js - run the alerting rule unit tests and produce a JUnit report.
 *
 * For every deploy/alerts/*.rules.yml there is a test file in tests/alerts/
 * (same base name, *.test.yml).  This runner:
 *   1. checks syntax with `promtool check rules` (all rule files at once)
 *   2. runs `vmalert-tool unittest` when the rule file uses MetricsQL-only
 *      functions, otherwise `promtool test rules`
 *   3. parses the output into per-test results
 *   4. writes build/reports/alert-tests.xml (JUnit) and a console summary
 *
 * Both tools run from PATH via execFile with argument arrays, one process per
 * file, at most os.availableParallelism() at a time.  No network access.
 */
'use strict';

const { execFile } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { promisify } = require('node:util');

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const RULES = path.join(ROOT, 'deploy', 'alerts');
const TESTS = path.join(ROOT, 'tests', 'alerts');
const REPORT = path.join(ROOT, 'build', 'reports', 'alert-tests.xml');
const METRICSQL_ONLY = /\b(rollup_candlestick|range_median|histogram_share|limit_offset|keep_last_value|running_sum|share_gt_over_time)\s*\(/;

async function tool(cmd, args) {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    if (err.code === 'ENOENT') throw new Error(`${cmd} not found on PATH`);
    return { code: typeof err.code === 'number' ? err.code : 1, out: `${err.stdout || ''}${err.stderr || ''}` };
  }
}

function pairs() {
  return fs.readdirSync(RULES)
    .filter((f) => f.endsWith('.rules.yml'))
    .sort()
    .map((f) => {
      const base = f.replace(/\.rules\.yml$/, '');
      return {
        name: base,
        rules: path.join(RULES, f),
        test: path.join(TESTS, `${base}.test.yml`),
      };
    });
}

function needsVmalert(file) {
  return METRICSQL_ONLY.test(fs.readFileSync(file, 'utf8'));
}

function parsePromtool(out) {
  // promtool prints "  FAILED:" blocks with "alertname: X, time: Y" lines
  const failures = [];
  const blocks = out.split(/\n(?=\s*FAILED:)/);
  for (const block of blocks.slice(1)) {
    const name = (block.match(/alertname:\s*([^,\n]+)/) || block.match(/expr:\s*"([^"]+)"/) || [])[1] || 'unnamed';
    failures.push({ name: name.trim(), message: block.trim().slice(0, 2000) });
  }
  return failures;
}

function parseVmalert(out) {
  const failures = [];
  for (const m of out.matchAll(/^\s*(?:--- )?FAIL:?\s*(.+)$/gm)) {
    failures.push({ name: m[1].trim(), message: m[0].trim() });
  }
  return failures;
}

async function runOne(pair) {
  if (!fs.existsSync(pair.test)) {
    return { ...pair, status: 'skipped', tool: null, failures: [], message: 'no test file' };
  }
  const vm = needsVmalert(pair.rules);
  const started = Date.now();
  const result = vm
    ? await tool('vmalert-tool', ['unittest', `--files=${pair.test}`])
    : await tool('promtool', ['test', 'rules', pair.test]);
  const failures = vm ? parseVmalert(result.out) : parsePromtool(result.out);
  if (result.code !== 0 && failures.length === 0) {
    failures.push({ name: 'runner', message: result.out.trim().slice(0, 2000) });
  }
  return {
    ...pair,
    tool: vm ? 'vmalert-tool' : 'promtool',
    status: failures.length ? 'failed' : 'passed',
    failures,
    seconds: (Date.now() - started) / 1000,
  };
}

async function limited(items, limit, fn) {
  const results = new Array(items.length);
  let i = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (i < items.length) {
      const idx = i++;
      results[idx] = await fn(items[idx]);
    }
  }));
  return results;
}

const xmlEscape = (s) => String(s)
  .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function junit(results) {
  const cases = [];
  for (const r of results) {
    if (r.status === 'skipped') {
      cases.push(`    <testcase classname="alerts" name="${xmlEscape(r.name)}"><skipped message="${xmlEscape(r.message)}"/></testcase>`);
    } else if (r.failures.length) {
      for (const f of r.failures) {
        cases.push(`    <testcase classname="alerts.${xmlEscape(r.name)}" name="${xmlEscape(f.name)}" time="${r.seconds}">` +
          `<failure message="${xmlEscape(f.name)}">${xmlEscape(f.message)}</failure></testcase>`);
      }
    } else {
      cases.push(`    <testcase classname="alerts" name="${xmlEscape(r.name)}" time="${r.seconds}"/>`);
    }
  }
  const failures = results.reduce((n, r) => n + r.failures.length, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n  <testsuite name="alert-rules" tests="${cases.length}" failures="${failures}">\n${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`;
}

// Every alert needs a summary and runbook annotation and a severity label;
// promtool does not check conventions, so do it here on the parsed YAML text.
function conventionProblems(file) {
  const text = fs.readFileSync(file, 'utf8');
  const problems = [];
  const blocks = text.split(/\n\s*- alert:\s*/).slice(1);
  for (const block of blocks) {
    const name = block.split('\n')[0].trim();
    if (!/\n\s+severity:\s*\S+/.test(block)) problems.push(`${name}: no severity label`);
    if (!/\n\s+summary:\s*\S+/.test(block)) problems.push(`${name}: no summary annotation`);
    if (!/\n\s+runbook_url:\s*\S+/.test(block)) problems.push(`${name}: no runbook_url annotation`);
  }
  return problems;
}

function untestedAlerts(pair) {
  if (!fs.existsSync(pair.test)) return [];
  const rules = fs.readFileSync(pair.rules, 'utf8');
  const tests = fs.readFileSync(pair.test, 'utf8');
  const names = [...rules.matchAll(/- alert:\s*(\S+)/g)].map((m) => m[1]);
  return names.filter((n) => !tests.includes(`alertname: ${n}`));
}

async function syntaxCheck(files) {
  const res = await tool('promtool', ['check', 'rules', ...files]);
  return res;
}

async function main() {
  const list = pairs();
  if (!list.length) throw new Error('no rule files in deploy/alerts');
  const promFiles = list.filter((p) => !needsVmalert(p.rules)).map((p) => p.rules);
  if (promFiles.length) {
    const check = await syntaxCheck(promFiles);
    if (check.code !== 0) {
      process.stdout.write(check.out);
      throw new Error('promtool check rules failed');
    }
  }
  const limit = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  const results = await limited(list, limit, runOne);
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, junit(results));
  for (const r of results) {
    const mark = r.status === 'passed' ? 'ok  ' : r.status === 'skipped' ? 'skip' : 'FAIL';
    console.log(`${mark} ${r.name.padEnd(28)} ${r.tool || '-'}${r.failures.length ? ` (${r.failures.length} failure(s))` : ''}`);
  }
  for (const p of list) {
    for (const problem of conventionProblems(p.rules)) console.warn(`convention ${p.name}: ${problem}`);
    for (const alert of untestedAlerts(p)) console.warn(`untested ${p.name}: ${alert}`);
  }
  const failed = results.filter((r) => r.status === 'failed').length;
  const skipped = results.filter((r) => r.status === 'skipped').length;
  console.log(`${results.length} rule files, ${failed} failed, ${skipped} without tests; JUnit: ${path.relative(ROOT, REPORT)}`);
  if (failed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 2;
});

#!/usr/bin/env node
/**
 * perf/run-k6.js - run the k6 suites in perf/suites against the locally running
 * fernbank API and compare the results with the committed baseline.
 *
 *   node perf/run-k6.js                    every suite, against http://127.0.0.1:4000
 *   node perf/run-k6.js checkout search    selected suites
 *   node perf/run-k6.js --update-baseline  store the current numbers as the new baseline
 *
 * The API must already be running (npm run dev:api); this script only checks it
 * is on a loopback address and reachable before spending minutes on a run.
 */
'use strict';

// Suites live in perf/suites/<name>.js and read BASE_URL from __ENV.
// Keep VU counts modest: these runs share the laptop with the API itself,
// so absolute numbers matter less than the trend against the baseline.
// PERF_TOLERANCE (percent) controls how much regression is accepted.
// The baseline is per machine class; CI uses its own baseline file.

const { spawn } = require('node:child_process');
const dns = require('node:dns/promises');
const fs = require('node:fs/promises');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SUITES = path.join(__dirname, 'suites');
const RESULTS = path.join(ROOT, 'build', 'perf');
const BASELINE = path.join(__dirname, 'baseline.json');
const TARGET = process.env.PERF_TARGET || 'http://127.0.0.1:4000';
const REGRESSION_PCT = Number(process.env.PERF_TOLERANCE || 15);

async function assertLocalTarget(url) {
  const { hostname, port } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  const addrs = net.isIP(host) ? [{ address: host }] : await dns.lookup(host, { all: true });
  const local = addrs.every(({ address }) => address === '::1' || address.startsWith('127.'));
  if (!local) throw new Error(`PERF_TARGET ${url} does not resolve to loopback`);
  await new Promise((resolve, reject) => {
    const sock = net.connect({ host, port: Number(port) || 80 });
    sock.setTimeout(1500);
    sock.once('connect', () => { sock.destroy(); resolve(); });
    sock.once('timeout', () => { sock.destroy(); reject(new Error(`nothing listening at ${url}`)); });
    sock.once('error', () => reject(new Error(`nothing listening at ${url}; start it with npm run dev:api`)));
  });
}

async function suiteFiles(selected) {
  const all = (await fs.readdir(SUITES)).filter((f) => f.endsWith('.js')).map((f) => f.replace(/\.js$/, ''));
  if (!selected.length) return all;
  const missing = selected.filter((s) => !all.includes(s));
  if (missing.length) throw new Error(`unknown suites: ${missing.join(', ')}`);
  return selected;
}

function runK6(suite, summaryFile) {
  return new Promise((resolve) => {
    const args = [
      'run', '--quiet', '--no-usage-report',
      '--summary-export', summaryFile,
      '-e', `BASE_URL=${TARGET}`,
      path.join(SUITES, `${suite}.js`),
    ];
    const child = spawn('k6', args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (err) => resolve({ code: 127, error: err.message }));
    child.on('close', (code) => resolve({ code }));
  });
}

function metricsOf(summary) {
  const m = summary.metrics || {};
  const duration = m.http_req_duration || {};
  return {
    p50: Math.round(duration.med || 0),
    p95: Math.round(duration['p(95)'] || 0),
    rps: Math.round(((m.http_reqs || {}).rate || 0) * 10) / 10,
    failed: ((m.http_req_failed || {}).value || 0),
  };
}

function compare(current, baseline) {
  const findings = [];
  for (const [suite, cur] of Object.entries(current)) {
    const base = baseline[suite];
    if (!base) {
      findings.push(`${suite}: no baseline yet`);
      continue;
    }
    const p95Delta = base.p95 ? ((cur.p95 - base.p95) / base.p95) * 100 : 0;
    const rpsDelta = base.rps ? ((base.rps - cur.rps) / base.rps) * 100 : 0;
    if (p95Delta > REGRESSION_PCT) findings.push(`${suite}: p95 ${base.p95}ms -> ${cur.p95}ms (+${p95Delta.toFixed(0)}%)`);
    if (rpsDelta > REGRESSION_PCT) findings.push(`${suite}: rps ${base.rps} -> ${cur.rps} (-${rpsDelta.toFixed(0)}%)`);
    if (cur.failed > 0.01) findings.push(`${suite}: ${(cur.failed * 100).toFixed(2)}% failed requests`);
  }
  return findings;
}

/**
 * Markdown summary for the PR comment bot (it picks up build/perf/latest.md).
 */
function markdown(current, findings) {
  const lines = [
    '| suite | p50 (ms) | p95 (ms) | rps | failed |',
    '|-------|---------:|---------:|----:|-------:|',
  ];
  for (const [suite, m] of Object.entries(current)) {
    lines.push(`| ${suite} | ${m.p50} | ${m.p95} | ${m.rps} | ${(m.failed * 100).toFixed(2)}% |`);
  }
  if (findings.length) {
    lines.push('', '**Findings**', '');
    for (const f of findings) lines.push(`- ${f}`);
  }
  return `${lines.join('\n')}\n`;
}

async function writeLatest(runDir, current, findings) {
  const md = markdown(current, findings);
  await fs.writeFile(path.join(runDir, 'summary.md'), md);
  await fs.writeFile(path.join(RESULTS, 'latest.md'), md);
}

async function pruneRuns(keep = 15) {
  const entries = (await fs.readdir(RESULTS, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .reverse();
  for (const name of entries.slice(keep)) {
    await fs.rm(path.join(RESULTS, name), { recursive: true, force: true });
  }
}

async function readJson(file, fallback) {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (err) {
    if (err.code === 'ENOENT') return fallback;
    throw err;
  }
}

async function main() {
  const args = process.argv.slice(2);
  const updateBaseline = args.includes('--update-baseline');
  const selected = args.filter((a) => !a.startsWith('--'));
  await assertLocalTarget(TARGET);
  const suites = await suiteFiles(selected);
  const runDir = path.join(RESULTS, new Date().toISOString().replace(/[:.]/g, '-'));
  await fs.mkdir(runDir, { recursive: true });

  const current = {};
  let failures = 0;
  for (const suite of suites) {
    console.error(`\n>> ${suite}`);
    const summaryFile = path.join(runDir, `${suite}.json`);
    const { code, error } = await runK6(suite, summaryFile);
    if (error) throw new Error(`k6 could not start: ${error}`);
    if (code !== 0) failures += 1;
    const summary = await readJson(summaryFile, null);
    if (summary) current[suite] = metricsOf(summary);
  }
  await fs.writeFile(path.join(runDir, 'metrics.json'), JSON.stringify(current, null, 2));
  console.table(current);

  if (updateBaseline) {
    await fs.writeFile(BASELINE, `${JSON.stringify(current, null, 2)}\n`);
    console.error(`baseline updated (${path.relative(ROOT, BASELINE)}); commit it with the change that explains it`);
    return;
  }
  const findings = compare(current, await readJson(BASELINE, {}));
  for (const f of findings) console.error(`  ${f}`);
  await writeLatest(runDir, current, findings);
  await pruneRuns();
  if (failures || findings.some((f) => !f.includes('no baseline'))) process.exitCode = 1;
}

main().catch((err) => {
  console.error(`run-k6: ${err.message}`);
  process.exitCode = 1;
});

#!/usr/bin/env node
// coverage.js - unit + integration coverage with c8, merged into one report.
//
//   node tools/coverage.js                 # run both suites, merge, print summary
//   node tools/coverage.js --unit-only
//   node tools/coverage.js --check         # enforce thresholds from package.json
//   node tools/coverage.js --upload        # send lcov to Codecov (CODECOV_TOKEN)
//
// Raw V8 coverage goes to build/coverage/tmp-<suite>/ and is deleted after the
// merge; the HTML/lcov/json-summary reports stay in build/coverage/.
// The integration suite starts the API server on 127.0.0.1 with a random port;
// this script owns that child process and terminates it on exit.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'build', 'coverage');
const C8 = path.join(ROOT, 'node_modules', '.bin', 'c8');
const pkg = JSON.parse(fs.readFileSync(path.resolve(ROOT, 'package.json'), 'utf8'));
const THRESHOLDS = pkg.coverageThresholds || { lines: 80, branches: 70, functions: 75 };

const children = new Set();

function cleanupChildren() {
  for (const child of children) {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
}
process.on('exit', cleanupChildren);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    cleanupChildren();
    process.exit(130);
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not listen on ${port} in ${ms}ms`);
}

function run(cmd, args, opts = {}) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
  if (res.error) throw res.error;
  return res.status;
}

function rawDir(suite) {
  return path.join(OUT, `tmp-${suite}`);
}

function resetDir(dir) {
  fs.rmSync(dir, { force: true, recursive: true });
  fs.mkdirSync(dir, { recursive: true });
}

function unitSuite() {
  const dir = rawDir('unit');
  resetDir(dir);
  return run(C8, ['--reporter=none', `--temp-directory=${dir}`, '--clean=false',
    'node', '--test', '--test-reporter=dot', 'test/unit/']);
}

async function integrationSuite() {
  const dir = rawDir('integration');
  resetDir(dir);
  const port = await freePort();
  const server = spawn(C8, ['--reporter=none', `--temp-directory=${dir}`, '--clean=false',
    'node', 'src/server.js'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'test' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(server);
  try {
    await waitForPort(port);
    return run('node', ['--test', '--test-reporter=dot', 'test/integration/'], {
      env: { ...process.env, API_URL: `http://127.0.0.1:${port}` },
    });
  } finally {
    // SIGINT lets c8 flush the server's coverage before it exits
    server.kill('SIGINT');
    await new Promise((r) => server.once('exit', r));
    children.delete(server);
  }
}

function merge(suites) {
  const merged = path.join(OUT, 'tmp-merged');
  resetDir(merged);
  for (const s of suites) {
    for (const f of fs.readdirSync(rawDir(s))) {
      fs.copyFileSync(path.join(rawDir(s), f), path.join(merged, `${s}-${f}`));
    }
  }
  const status = run(C8, ['report', `--temp-directory=${merged}`, `--reports-dir=${OUT}`,
    '--reporter=html', '--reporter=lcov', '--reporter=json-summary', '--reporter=text-summary',
    '--exclude=test/**', '--exclude=build/**', '--all', '--src=src']);
  for (const s of [...suites, 'merged']) {
    fs.rmSync(rawDir(s), { recursive: true, force: true });
  }
  return status;
}

function checkThresholds() {
  const summary = JSON.parse(fs.readFileSync(path.join(OUT, 'coverage-summary.json'), 'utf8')).total;
  const failures = [];
  for (const [metric, min] of Object.entries(THRESHOLDS)) {
    const pct = summary[metric]?.pct ?? 0;
    const mark = pct >= min ? 'ok ' : 'LOW';
    console.log(`  ${mark} ${metric.padEnd(10)} ${pct.toFixed(1)}% (min ${min}%)`);
    if (pct < min) failures.push(metric);
  }
  return failures;
}

function upload() {
  if (!process.env.CODECOV_TOKEN) {
    console.log('CODECOV_TOKEN not set; skipping upload');
    return;
  }
  const sha = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  // the codecov CLI reads CODECOV_TOKEN from its environment
  const status = run('codecov', ['upload-process', '--file', path.join(OUT, 'lcov.info'),
    '--sha', sha, '--flag', 'node']);
  if (status !== 0) console.log('codecov upload failed (non-fatal)');
}

async function main() {
  const args = new Set(process.argv.slice(2));
  if (!fs.existsSync(C8)) {
    console.error('c8 is not installed; run npm ci');
    return 2;
  }
  fs.mkdirSync(OUT, { recursive: true });
  const suites = ['unit'];
  let failed = unitSuite() !== 0;
  if (!args.has('--unit-only')) {
    suites.push('integration');
    failed = (await integrationSuite()) !== 0 || failed;
  }
  merge(suites);
  console.log(`html report: ${path.relative(ROOT, path.join(OUT, 'index.html'))}`);
  if (args.has('--check')) {
    const low = checkThresholds();
    if (low.length) {
      console.error(`coverage below threshold: ${low.join(', ')}`);
      failed = true;
    }
  }
  if (args.has('--upload')) upload();
  return failed ? 1 : 0;
}

main().then((code) => { process.exitCode = code; }, (err) => {
  console.error(err.stack || err);
  process.exitCode = 1;
});

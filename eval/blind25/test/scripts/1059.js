#!/usr/bin/env node
/**
 * test/flags-contract.js - contract tests for our flag definitions, run against
 * a throwaway flagd started by this script (OpenFeature flagd REST API).
 *
 *   node test/flags-contract.js                   all suites
 *   node test/flags-contract.js --only checkout   one suite
 *
 * Starts `flagd start` on a free port bound to 127.0.0.1 with the repo's
 * deploy/flagd/*.flagd.json, waits for health, evaluates the cases in
 * test/flag-cases/*.json and stops the flagd process it started (by PID) in
 * every exit path. No remote flag service is contacted.
 */
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const DEFS = path.join(REPO, 'deploy', 'flagd');
const CASES = path.join(REPO, 'test', 'flag-cases');

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

function startFlagd(port, mgmtPort) {
  const uris = fs
    .readdirSync(DEFS)
    .filter((f) => f.endsWith('.flagd.json') && f.startsWith('dev'))
    .flatMap((f) => ['--uri', `file:${path.join(DEFS, f)}`]);
  if (!uris.length) throw new Error('no dev flag definitions in deploy/flagd/');
  const child = spawn('flagd', ['start', '--port', String(port), '--management-port', String(mgmtPort), ...uris], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  child.logs = () => stderr;
  return child;
}

async function waitHealthy(mgmtPort, child, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`flagd exited early:\n${child.logs()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${mgmtPort}/healthz`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('flagd did not become healthy');
}

const RESOLVERS = {
  boolean: 'ResolveBoolean',
  string: 'ResolveString',
  integer: 'ResolveInt',
  float: 'ResolveFloat',
  object: 'ResolveObject',
};

async function evaluate(port, testCase) {
  const method = RESOLVERS[testCase.type || 'boolean'];
  const res = await fetch(`http://127.0.0.1:${port}/flagd.evaluation.v1.Service/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ flagKey: testCase.flag, context: testCase.context || {} }),
  });
  const body = await res.json();
  if (!res.ok) return { error: body.code || res.status };
  return body;
}

function loadSuites(only) {
  return fs
    .readdirSync(CASES)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ name: path.basename(f, '.json'), cases: JSON.parse(fs.readFileSync(path.join(CASES, f), 'utf8')) }))
    .filter((s) => !only || s.name === only);
}

function coverage(suites) {
  // flags that are defined but have no test case at all
  const defined = new Set();
  for (const f of fs.readdirSync(DEFS).filter((n) => n.endsWith('.flagd.json'))) {
    const doc = JSON.parse(fs.readFileSync(path.join(DEFS, f), 'utf8'));
    Object.keys(doc.flags || {}).forEach((k) => defined.add(k));
  }
  const tested = new Set(suites.flatMap((s) => s.cases.map((c) => c.flag)));
  const untested = [...defined].filter((k) => !tested.has(k)).sort();
  if (untested.length) {
    console.log(`\n${untested.length} flag(s) without contract cases:`);
    untested.forEach((k) => console.log(`  - ${k}`));
  }
  return untested;
}

function validateCases(suites) {
  const problems = [];
  for (const s of suites) {
    s.cases.forEach((c, i) => {
      if (!c.flag) problems.push(`${s.name}[${i}]: missing "flag"`);
      if (c.type && !RESOLVERS[c.type]) problems.push(`${s.name}[${i}]: unknown type ${c.type}`);
    });
  }
  if (problems.length) throw new Error(`invalid case files:\n  ${problems.join('\n  ')}`);
}

function deepEqual(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

async function runSuites(port, suites) {
  let failed = 0;
  let total = 0;
  for (const suite of suites) {
    console.log(`# ${suite.name}`);
    for (const c of suite.cases) {
      total += 1;
      const got = await evaluate(port, c);
      const okValue = 'expect' in c ? deepEqual(got.value, c.expect) : true;
      const okVariant = 'variant' in c ? got.variant === c.variant : true;
      const okReason = 'reason' in c ? got.reason === c.reason : true;
      if (okValue && okVariant && okReason && !got.error) {
        console.log(`  ok   ${c.name || c.flag}`);
      } else {
        failed += 1;
        console.log(`  FAIL ${c.name || c.flag}: got ${JSON.stringify(got)}, want ${JSON.stringify({ value: c.expect, variant: c.variant, reason: c.reason })}`);
      }
    }
  }
  return { failed, total };
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function main() {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
  const suites = loadSuites(only);
  if (!suites.length) throw new Error(only ? `no suite ${only}` : 'no cases in test/flag-cases/');
  validateCases(suites);
  if (!only) coverage(suites);
  const port = await freePort();
  const mgmtPort = await freePort();
  const child = startFlagd(port, mgmtPort);
  const cleanup = () => stopChild(child);
  process.on('SIGINT', () => cleanup().then(() => process.exit(130)));
  try {
    await waitHealthy(mgmtPort, child);
    const { failed, total } = await runSuites(port, suites);
    console.log(`\n${total - failed}/${total} passed`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(`flags-contract: ${err.message}`);
  process.exit(2);
});

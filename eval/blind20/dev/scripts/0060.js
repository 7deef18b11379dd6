#!/usr/bin/env node
// chaos/run.js - resilience tests with toxiproxy in front of local dependencies.
//
// docker-compose.chaos.yml runs toxiproxy on 127.0.0.1:8474 with proxies for
// postgres (15432 -> postgres:5432) and redis (16379 -> redis:6379). This
// script configures toxics through toxiproxy's HTTP API, runs one scenario of
// the API test-suite per toxic, and always removes the toxics it added.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const TOXIPROXY = process.env.TOXIPROXY_URL || 'http://127.0.0.1:8474';
const REPORT = path.join(ROOT, 'build', 'chaos-report.json');

const PROXIES = {
  postgres: { listen: '0.0.0.0:15432', upstream: 'postgres:5432' },
  redis: { listen: '0.0.0.0:16379', upstream: 'redis:6379' },
};

const SCENARIOS = [
  {
    name: 'postgres-latency',
    proxy: 'postgres',
    toxic: { type: 'latency', stream: 'downstream', attributes: { latency: 800, jitter: 200 } },
    expect: 'requests succeed but slower; p95 under 3s',
    tests: 'test/chaos/latency.test.js',
  },
  {
    name: 'postgres-down',
    proxy: 'postgres',
    toxic: { type: 'timeout', stream: 'downstream', attributes: { timeout: 0 } },
    expect: 'API answers 503 with retry-after, no crash',
    tests: 'test/chaos/db-down.test.js',
  },
  {
    name: 'redis-bandwidth',
    proxy: 'redis',
    toxic: { type: 'bandwidth', stream: 'downstream', attributes: { rate: 16 } },
    expect: 'cache misses fall back to the database',
    tests: 'test/chaos/cache-slow.test.js',
  },
  {
    name: 'redis-reset',
    proxy: 'redis',
    toxic: { type: 'reset_peer', stream: 'upstream', attributes: { timeout: 100 } },
    expect: 'sessions survive redis connection resets',
    tests: 'test/chaos/cache-reset.test.js',
  },
];

function assertLocal(url) {
  const { hostname } = new URL(url);
  if (!['127.0.0.1', 'localhost'].includes(hostname)) {
    throw new Error(`toxiproxy must run locally (got ${hostname})`);
  }
}

async function api(method, pathname, body) {
  const res = await fetch(`${TOXIPROXY}${pathname}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status === 404 && method === 'DELETE') return null;
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

async function ensureProxies() {
  const existing = await api('GET', '/proxies');
  for (const [name, spec] of Object.entries(PROXIES)) {
    if (existing[name]) {
      await api('POST', `/proxies/${name}`, { enabled: true });
      continue;
    }
    await api('POST', '/proxies', { name, ...spec, enabled: true });
    console.error(`created proxy ${name} ${spec.listen} -> ${spec.upstream}`);
  }
}

async function addToxic(proxy, toxic, name) {
  return api('POST', `/proxies/${proxy}/toxics`, { name, toxicity: 1, ...toxic });
}

async function removeToxic(proxy, name) {
  await api('DELETE', `/proxies/${proxy}/toxics/${name}`);
}

async function resetAll() {
  await api('POST', '/reset');
}

function runTests(file) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--test', file], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: 'postgres://app:app@127.0.0.1:15432/app_test',
        REDIS_URL: 'redis://127.0.0.1:16379/1',
        CHAOS: '1',
      },
    });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.on('exit', (code) => resolve({ code, ms: Date.now() - started, output }));
  });
}

async function runScenario(scenario) {
  const toxicName = `chaos-${scenario.name}`;
  console.error(`\n== ${scenario.name}: ${scenario.expect}`);
  await addToxic(scenario.proxy, scenario.toxic, toxicName);
  try {
    const result = await runTests(scenario.tests);
    const passed = result.code === 0;
    console.error(`${passed ? 'PASS' : 'FAIL'} in ${(result.ms / 1000).toFixed(1)}s`);
    if (!passed) console.error(result.output.split('\n').slice(-25).join('\n'));
    return { name: scenario.name, passed, seconds: result.ms / 1000 };
  } finally {
    await removeToxic(scenario.proxy, toxicName);
  }
}

async function checkUpstreams() {
  // make sure the real dependencies behind the proxies answer before adding toxics
  const proxies = await api('GET', '/proxies');
  const problems = [];
  for (const name of Object.keys(PROXIES)) {
    const proxy = proxies[name];
    if (!proxy) problems.push(`${name}: proxy missing`);
    else if (!proxy.enabled) problems.push(`${name}: proxy disabled`);
    else if ((proxy.toxics || []).length) problems.push(`${name}: leftover toxics ${proxy.toxics.map((t) => t.name).join(',')}`);
  }
  if (problems.length) {
    console.error('proxy state before run:');
    for (const p of problems) console.error(`  ${p}`);
  }
  return problems.length === 0;
}

async function main() {
  assertLocal(TOXIPROXY);
  const only = process.argv.slice(2);
  const selected = only.length ? SCENARIOS.filter((s) => only.includes(s.name)) : SCENARIOS;
  if (!selected.length) throw new Error(`no scenario matched ${only.join(', ')}`);

  await ensureProxies();
  await resetAll();
  if (!(await checkUpstreams())) console.error('continuing after reset');
  let interrupted = false;
  process.on('SIGINT', async () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error('\ninterrupted: removing toxics');
    await resetAll().catch(() => {});
    process.exit(130);
  });

  const results = [];
  for (const scenario of selected) {
    results.push(await runScenario(scenario));
  }
  await resetAll();

  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`);
  const failed = results.filter((r) => !r.passed);
  console.error(`\n${results.length - failed.length}/${results.length} scenarios passed; report in build/chaos-report.json`);
  if (failed.length) process.exitCode = 1;
}

main().catch(async (err) => {
  console.error(`chaos: ${err.message}`);
  await resetAll().catch(() => {});
  process.exitCode = 1;
});

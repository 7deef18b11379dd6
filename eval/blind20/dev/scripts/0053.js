#!/usr/bin/env node
// bench/run.js - start the API locally, hammer it with autocannon, stop it.
//
//   node bench/run.js                 all scenarios in bench/scenarios.json
//   node bench/run.js search --connections 50 --duration 20
//   node bench/run.js --compare build/bench/baseline.json
//
// The server is the compiled app (dist/main.js) started by us on 127.0.0.1 on a
// random port with an in-memory database. Results go to build/bench/.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const path = require('node:path');
const { parseArgs } = require('node:util');

const autocannon = require('autocannon');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'build', 'bench');
const SCENARIOS = path.join(__dirname, 'scenarios.json');

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    connections: { type: 'string', default: '20' },
    duration: { type: 'string', default: '15' },
    compare: { type: 'string' },
    tolerance: { type: 'string', default: '0.15' },
    'keep-server': { type: 'boolean', default: false },
  },
});

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

function get(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 1500 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => {
      req.destroy();
      resolve(0);
    });
  });
}

class LocalServer {
  constructor(port) {
    this.port = port;
    this.child = null;
    this.logFile = path.join(OUT, 'server.log');
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  start() {
    const main = path.join(ROOT, 'dist', 'main.js');
    if (!fs.existsSync(main)) throw new Error('dist/main.js missing - run npm run build first');
    const log = fs.openSync(this.logFile, 'w');
    this.child = spawn(process.execPath, [main], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATABASE_URL: 'sqlite::memory:',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', log, log],
    });
    this.child.on('exit', (code, signal) => {
      if (code !== null && code !== 0) console.error(`server exited with ${code}`);
      if (signal && signal !== 'SIGTERM') console.error(`server killed by ${signal}`);
    });
  }

  async waitReady(timeoutMs = 30000) {
    const deadline = Date.now() + timeoutMs;
    let delay = 100;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server died; see ${this.logFile}`);
      if ((await get(`${this.url}/health`)) === 200) return;
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 1000);
    }
    throw new Error('server did not become ready');
  }

  stop() {
    if (!this.child || this.child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      this.child.kill('SIGTERM');
    });
  }
}

function loadScenarios(filter) {
  const all = JSON.parse(fs.readFileSync(SCENARIOS, 'utf8'));
  const names = filter.length ? filter : Object.keys(all);
  return names.map((name) => {
    if (!all[name]) throw new Error(`unknown scenario ${name}`);
    return { name, ...all[name] };
  });
}

function runScenario(baseUrl, scenario) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({
      url: baseUrl + scenario.path,
      method: scenario.method || 'GET',
      headers: { 'content-type': 'application/json', ...(scenario.headers || {}) },
      body: scenario.body ? JSON.stringify(scenario.body) : undefined,
      connections: Number(opts.connections),
      duration: Number(opts.duration),
      pipelining: scenario.pipelining || 1,
    }, (err, result) => (err ? reject(err) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: process.stderr.isTTY });
  });
}

function summarize(result) {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function compare(current, baselineFile, tolerance) {
  const baseline = JSON.parse(fs.readFileSync(baselineFile, 'utf8'));
  let regressions = 0;
  for (const [name, cur] of Object.entries(current)) {
    const base = baseline[name];
    if (!base) continue;
    const rpsDrop = (base.rps - cur.rps) / base.rps;
    const p99Rise = (cur.p99 - base.p99) / Math.max(base.p99, 1);
    const flag = rpsDrop > tolerance || p99Rise > tolerance;
    if (flag) regressions += 1;
    console.log(`${flag ? 'REGRESSION' : 'ok        '} ${name.padEnd(20)} rps ${base.rps} -> ${cur.rps}, p99 ${base.p99} -> ${cur.p99}`);
  }
  return regressions;
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const scenarios = loadScenarios(positionals);
  const server = new LocalServer(await freePort());
  const shutdown = async () => {
    await server.stop();
    process.exit(130);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  server.start();
  const results = {};
  try {
    await server.waitReady();
    for (const scenario of scenarios) {
      console.error(`\n== ${scenario.name} (${scenario.method || 'GET'} ${scenario.path})`);
      results[scenario.name] = summarize(await runScenario(server.url, scenario));
    }
  } finally {
    if (!opts['keep-server']) await server.stop();
  }

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(OUT, `results-${stamp}.json`);
  fs.writeFileSync(file, JSON.stringify(results, null, 2));
  console.table(results);
  console.error(`results: ${path.relative(ROOT, file)}`);

  if (opts.compare) {
    const regressions = compare(results, opts.compare, Number(opts.tolerance));
    if (regressions) process.exitCode = 3;
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});

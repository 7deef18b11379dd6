#!/usr/bin/env node
// bench/run.js - load-test harness for the API server.
//
// Starts `node dist/server.js` as a child on a free 127.0.0.1 port, drives it
// with N concurrent keep-alive clients for D seconds per scenario, computes
// latency percentiles and writes bench/results/<sha>.json. The previous
// result on this machine is cached in ~/.cache/api-bench/last.json for a quick
// comparison. The child is always killed on exit (and only the child).
'use strict';

const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CACHE_DIR = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'api-bench');
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const SCENARIOS = {
  health: { method: 'GET', path: '/healthz' },
  list: { method: 'GET', path: '/api/products?limit=50' },
  search: { method: 'GET', path: '/api/search?q=blue+shirt' },
  create: { method: 'POST', path: '/api/carts', body: JSON.stringify({ items: [{ sku: 'A1', qty: 1 }] }) },
};

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function startServer(port) {
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  child.stderrText = () => stderr;
  return child;
}

async function waitHealthy(port, child, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${child.stderrText()}`);
    const ok = await new Promise((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/healthz', timeout: 500 }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      }).on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

function oneRequest(agent, port, sc) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      { host: '127.0.0.1', port, method: sc.method, path: sc.path, agent,
        headers: sc.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(sc.body) } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.statusCode }));
      },
    );
    req.on('error', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status: 0 }));
    if (sc.body) req.write(sc.body);
    req.end();
  });
}

async function drive(port, sc, concurrency, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let errors = 0;
  const stopAt = Date.now() + seconds * 1000;
  async function worker() {
    while (Date.now() < stopAt) {
      const r = await oneRequest(agent, port, sc);
      latencies.push(r.ms);
      if (r.status < 200 || r.status >= 400) errors++;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50: +pct(50).toFixed(2),
    p95: +pct(95).toFixed(2),
    p99: +pct(99).toFixed(2),
    errors,
  };
}

function gitSha() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'nogit';
  }
}

async function main() {
  const args = process.argv.slice(2);
  const concurrency = Number(args[args.indexOf('-c') + 1]) || 32;
  const seconds = Number(args[args.indexOf('-d') + 1]) || 10;
  const only = args.filter((a) => SCENARIOS[a]);
  const port = await freePort();
  const child = startServer(port);
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', stop);
  process.on('SIGINT', () => process.exit(130));

  await waitHealthy(port, child);
  const result = { sha: gitSha(), at: new Date().toISOString(), concurrency, seconds, scenarios: {} };
  for (const name of only.length ? only : Object.keys(SCENARIOS)) {
    process.stderr.write(`${name}... `);
    result.scenarios[name] = await drive(port, SCENARIOS[name], concurrency, seconds);
    process.stderr.write(`${result.scenarios[name].rps} rps\n`);
  }
  stop();

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, `${result.sha}.json`), JSON.stringify(result, null, 2));
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const lastFile = path.join(CACHE_DIR, 'last.json');
  const prev = fs.existsSync(lastFile) ? JSON.parse(fs.readFileSync(lastFile, 'utf8')) : null;
  fs.writeFileSync(lastFile, JSON.stringify(result));

  console.table(result.scenarios);
  if (prev) {
    for (const [name, s] of Object.entries(result.scenarios)) {
      const old = prev.scenarios?.[name];
      if (!old) continue;
      const delta = ((s.rps - old.rps) / old.rps) * 100;
      console.log(`${name.padEnd(8)} ${old.rps} -> ${s.rps} rps (${delta >= 0 ? '+' : ''}${delta.toFixed(1)}%) vs ${prev.sha}`);
    }
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});

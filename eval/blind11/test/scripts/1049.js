#!/usr/bin/env node
// test/smoke.js - boot the built API (dist/server.js) on a random localhost
// port with a temp data dir, hit a few endpoints, then tear everything down.
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');

const SERVER = path.join(__dirname, '..', 'dist', 'server.js');

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

function waitForReady(child) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 15s')), 15000);
    child.stdout.on('data', (buf) => {
      if (buf.toString().includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
}

const checks = [
  ['GET', '/healthz', 200],
  ['GET', '/api/orders', 200],
  ['POST', '/api/orders', 201, { sku: 'TEST-1', qty: 2 }],
  ['GET', '/api/orders/does-not-exist', 404],
];

async function runChecks(base) {
  let failures = 0;
  for (const [method, route, expected, body] of checks) {
    const res = await fetch(base + route, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body === undefined ? body : JSON.stringify(body),
    });
    const ok = res.status === expected;
    if (!ok) failures++;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${method} ${route} -> ${res.status} (want ${expected})`);
  }
  return failures;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-smoke-'));
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await waitForReady(child);
    const failures = await runChecks(`http://127.0.0.1:${port}`);
    return failures ? 1 : 0;
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main()
  .then((code) => process.exit(code))
  .catch((err) => {
    console.error(err.message);
    process.exit(1);
  });

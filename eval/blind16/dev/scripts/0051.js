#!/usr/bin/env node
// Playwright global setup/teardown for the TrailMix web app.
//
// Starts the mock API (node services/mock-api/server.js) and the Vite preview
// server of apps/web as child processes bound to 127.0.0.1 on free ports, waits
// until both answer, writes their URLs to test-results/.e2e-env.json for the
// specs, and on teardown stops exactly the processes it started (tracked by
// PID in that same file). Can also be used standalone:
//   node tools/e2e-stack.js up      start and keep running until Ctrl-C
//   node tools/e2e-stack.js down    stop the processes recorded in the env file
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const net = require('node:net');
const path = require('node:path');
const http = require('node:http');

const ROOT = path.resolve(__dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');
const ENV_FILE = path.join(RESULTS, '.e2e-env.json');
const LOG_DIR = path.join(RESULTS, 'stack-logs');

const SERVICES = [
  {
    name: 'mock-api',
    cmd: process.execPath,
    args: ['services/mock-api/server.js'],
    health: '/__health',
    env: (port) => ({ MOCK_API_PORT: String(port), MOCK_API_HOST: '127.0.0.1' }),
  },
  {
    name: 'web',
    cmd: 'pnpm',
    args: ['--dir', 'apps/web', 'exec', 'vite', 'preview', '--strictPort', '--host', '127.0.0.1'],
    health: '/',
    portArg: '--port',
    env: (port, urls) => ({ VITE_API_URL: urls['mock-api'] }),
  },
];

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

function probe(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode >= 200 && res.statusCode < 500);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
  });
}

async function waitHealthy(name, url, child, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${name} exited early with code ${child.exitCode}`);
    }
    if (await probe(url)) return;
    await new Promise((r) => setTimeout(r, 400));
  }
  throw new Error(`${name} did not become healthy at ${url} within ${timeoutMs / 1000}s`);
}

async function up() {
  await fsp.mkdir(LOG_DIR, { recursive: true });
  const urls = {};
  const pids = {};
  const children = [];
  for (const svc of SERVICES) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const args = svc.portArg ? [...svc.args, svc.portArg, String(port)] : svc.args;
    const log = fs.openSync(path.join(LOG_DIR, `${svc.name}.log`), 'w');
    const child = spawn(svc.cmd, args, {
      cwd: ROOT,
      env: { ...process.env, ...svc.env(port, urls) },
      stdio: ['ignore', log, log],
      detached: true, // own process group, so teardown can stop the whole tree
    });
    children.push(child);
    pids[svc.name] = child.pid;
    await waitHealthy(svc.name, url + svc.health, child);
    urls[svc.name] = url;
    console.log(`[e2e] ${svc.name} ready at ${url}`);
  }
  await fsp.writeFile(ENV_FILE, JSON.stringify({ urls, pids, startedAt: Date.now() }, null, 2));
  return { urls, pids, children };
}

function stopPid(name, pid) {
  try {
    process.kill(-pid, 'SIGTERM'); // negative pid: the group we created with detached: true
    console.log(`[e2e] stopped ${name} (pgid ${pid})`);
  } catch (err) {
    if (err.code !== 'ESRCH') throw err;
  }
}

async function down() {
  let state;
  try {
    state = JSON.parse(await fsp.readFile(ENV_FILE, 'utf8'));
  } catch {
    console.log('[e2e] no running stack recorded');
    return;
  }
  for (const [name, pid] of Object.entries(state.pids || {}).reverse()) {
    stopPid(name, pid);
  }
  await new Promise((r) => setTimeout(r, 1500));
  for (const [name, pid] of Object.entries(state.pids || {})) {
    try {
      process.kill(-pid, 0);
      process.kill(-pid, 'SIGKILL');
      console.log(`[e2e] force-stopped ${name}`);
    } catch {
      /* already gone */
    }
  }
  await fsp.rm(ENV_FILE, { force: true });
}

// Playwright hooks --------------------------------------------------------

async function globalSetup() {
  await fsp.rm(RESULTS, { recursive: true, force: true });
  const { urls } = await up();
  process.env.E2E_BASE_URL = urls.web;
  process.env.E2E_API_URL = urls['mock-api'];
  return async () => down();
}

module.exports = globalSetup;
module.exports.globalTeardown = down;

// CLI -----------------------------------------------------------------------

if (require.main === module) {
  const cmd = process.argv[2] || 'up';
  if (cmd === 'down') {
    down().catch((e) => {
      console.error(e);
      process.exit(1);
    });
  } else if (cmd === 'up') {
    up()
      .then(({ urls }) => {
        console.log(`[e2e] stack running; base URL ${urls.web}. Ctrl-C to stop.`);
        const stop = () => down().finally(() => process.exit(0));
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      })
      .catch(async (e) => {
        console.error(`[e2e] ${e.message}`);
        await down();
        process.exit(1);
      });
  } else {
    console.error('usage: e2e-stack.js up|down');
    process.exit(2);
  }
}

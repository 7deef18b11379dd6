#!/usr/bin/env node
// Contract tests against a mock of the carrier API.
//
// Starts Prism (from devDependencies) as a mock server on 127.0.0.1 using
// contracts/carrier-api.yaml, waits for it, runs the Jest contract suite with
// CARRIER_API_URL pointing at the mock, and stops the mock process (only the
// one it started). Prism's request log is saved to .contract/prism.log.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SPEC = path.join(ROOT, 'contracts', 'carrier-api.yaml');
const WORK = path.join(ROOT, '.contract');
const argv = process.argv.slice(2);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function waitForPort(port, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) {
        reject(new Error(`prism exited with ${child.exitCode}`));
        return;
      }
      const sock = net.connect(port, '127.0.0.1');
      sock.once('connect', () => {
        sock.destroy();
        resolve();
      });
      sock.once('error', () => {
        if (Date.now() > deadline) {
          reject(new Error('prism did not start in time'));
        } else {
          setTimeout(attempt, 300);
        }
      });
    };
    attempt();
  });
}

class MockServer {
  constructor(port) {
    this.port = port;
    this.child = null;
  }

  async start() {
    fs.mkdirSync(WORK, { recursive: true });
    const log = fs.openSync(path.join(WORK, 'prism.log'), 'w');
    const bin = path.join(ROOT, 'node_modules', '.bin', 'prism');
    const args = ['mock', SPEC, '--host', '127.0.0.1', '--port', String(this.port), '--errors'];
    if (argv.includes('--dynamic')) {
      args.push('--dynamic');
    }
    this.child = spawn(bin, args, { cwd: ROOT, stdio: ['ignore', log, log] });
    await waitForPort(this.port, this.child);
  }

  stop() {
    return new Promise((resolve) => {
      const child = this.child;
      if (!child || child.exitCode !== null) {
        resolve();
        return;
      }
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}

function runJest(baseUrl) {
  return new Promise((resolve) => {
    const bin = path.join(ROOT, 'node_modules', '.bin', 'jest');
    const args = ['--selectProjects', 'contract', '--ci', '--reporters=default', '--reporters=jest-junit'];
    const child = spawn(bin, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        CARRIER_API_URL: baseUrl,
        CARRIER_API_KEY: 'mock-key-not-secret',
        JEST_JUNIT_OUTPUT_DIR: WORK,
      },
    });
    child.on('close', (status) => resolve(status === null ? 1 : status));
  });
}

function lintSpec() {
  return new Promise((resolve) => {
    const bin = path.join(ROOT, 'node_modules', '.bin', 'spectral');
    if (!fs.existsSync(bin)) {
      resolve(0);
      return;
    }
    const child = spawn(bin, ['lint', SPEC, '--fail-severity', 'error'], { cwd: ROOT, stdio: 'inherit' });
    child.on('close', (status) => resolve(status === null ? 1 : status));
  });
}

function unmatchedRequests() {
  // prism logs requests that did not match any operation; those usually mean
  // the client calls an endpoint the contract does not describe
  const logFile = path.join(WORK, 'prism.log');
  if (!fs.existsSync(logFile)) {
    return [];
  }
  return fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => /Route not resolved|NO_PATH_MATCHED_ERROR/.test(l))
    .slice(0, 20);
}

// Keep only the newest junit/prism logs when the suite is run repeatedly.
function rotateWorkDir() {
  if (!fs.existsSync(WORK)) {
    return;
  }
  for (const name of fs.readdirSync(WORK)) {
    if (/\.(xml|log)$/.test(name)) {
      fs.renameSync(path.join(WORK, name), path.join(WORK, `${name}.prev`));
    }
  }
}

async function main() {
  rotateWorkDir();
  if (!fs.existsSync(SPEC)) {
    throw new Error(`missing ${path.relative(ROOT, SPEC)}`);
  }
  if ((await lintSpec()) !== 0) {
    throw new Error('the carrier API spec has lint errors');
  }
  const server = new MockServer(await freePort());
  const stop = async () => {
    await server.stop();
  };
  process.once('SIGINT', async () => {
    await stop();
    process.exit(130);
  });
  let code = 1;
  try {
    await server.start();
    console.log(`prism mock on http://127.0.0.1:${server.port}`);
    code = await runJest(`http://127.0.0.1:${server.port}`);
  } finally {
    await stop();
  }
  const unmatched = unmatchedRequests();
  if (unmatched.length) {
    console.log('requests the contract does not cover:');
    unmatched.forEach((l) => console.log(`  ${l.trim()}`));
  }
  process.exitCode = code;
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 2;
});

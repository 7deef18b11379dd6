#!/usr/bin/env node
// scripts/e2e-chain.js - start a Hardhat node, deploy, run the e2e suite, stop.
//
// The node is spawned by this script on 127.0.0.1 with a random free port
// and killed (process group) at the end, also on Ctrl-C and on failures.
// Deployment uses `hardhat run scripts/deploy.js --network e2e`, whose URL
// is injected through HARDHAT_E2E_URL.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const net = require('node:net');
const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');

const ROOT = path.resolve(__dirname, '..');
const ARTIFACT_DIR = path.join(ROOT, '.cache', 'e2e-chain');
const CHAIN_ID = 31337;
const children = new Set();

function log(...args) {
  console.log('[e2e-chain]', ...args);
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

function startNode(port) {
  fs.mkdirSync(ARTIFACT_DIR, { recursive: true });
  const out = fs.openSync(path.join(ARTIFACT_DIR, 'node.log'), 'w');
  const child = spawn('npx', ['--no-install', 'hardhat', 'node', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: ROOT,
    stdio: ['ignore', out, out],
    detached: true,
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

async function rpc(url, method, params = []) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await res.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

async function waitForNode(url, child, timeoutMs = 30000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error('hardhat node exited early; see .cache/e2e-chain/node.log');
    try {
      const id = parseInt(await rpc(url, 'eth_chainId'), 16);
      if (id === CHAIN_ID) return;
      throw new Error(`unexpected chain id ${id}`);
    } catch (err) {
      if (/unexpected chain id/.test(err.message)) throw err;
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error('hardhat node did not answer in time');
}

function stopAll(signal = 'SIGTERM') {
  for (const child of children) {
    try {
      // detached: the child leads its own group, so -pid reaches npx and node only
      process.kill(-child.pid, signal);
    } catch (err) {
      if (err.code !== 'ESRCH') console.error(`could not stop ${child.pid}: ${err.message}`);
    }
  }
}

function run(cmd, args, env) {
  log('+', cmd, args.join(' '));
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.error) throw r.error;
  return r.status;
}

function deploy(url) {
  const status = run('npx', ['--no-install', 'hardhat', 'run', 'scripts/deploy.js', '--network', 'e2e'], {
    HARDHAT_E2E_URL: url,
    DEPLOY_OUT: path.join(ARTIFACT_DIR, 'addresses.json'),
  });
  if (status !== 0) throw new Error('deployment failed');
  return JSON.parse(fs.readFileSync(path.join(ARTIFACT_DIR, 'addresses.json'), 'utf8'));
}

async function verifyCode(url, addresses) {
  for (const [name, addr] of Object.entries(addresses)) {
    const code = await rpc(url, 'eth_getCode', [addr, 'latest']);
    if (code === '0x') throw new Error(`${name} at ${addr} has no code`);
  }
}

function runSuite(url, addresses, extra) {
  return run('npx', ['--no-install', 'vitest', 'run', '--dir', 'test/e2e', ...extra], {
    E2E_RPC_URL: url,
    E2E_ADDRESSES: JSON.stringify(addresses),
  });
}

async function snapshot(url) {
  const id = await rpc(url, 'evm_snapshot');
  fs.writeFileSync(path.join(ARTIFACT_DIR, 'snapshot'), id);
  return id;
}

function cleanArtifacts(keep) {
  if (keep) return;
  for (const f of ['addresses.json', 'snapshot']) {
    fs.rmSync(path.join(ARTIFACT_DIR, f), { force: true });
  }
}

async function fundTestAccounts(url, addresses) {
  // hardhat_setBalance only exists on the local hardhat node
  const accounts = await rpc(url, 'eth_accounts');
  for (const acct of accounts.slice(1, 4)) {
    await rpc(url, 'hardhat_setBalance', [acct, '0x3635C9ADC5DEA00000']);
  }
  if (addresses.Faucet) {
    await rpc(url, 'hardhat_setBalance', [addresses.Faucet, '0x56BC75E2D63100000']);
  }
  return accounts.length;
}

function machineInfo() {
  return `${os.platform()} ${os.arch()}, ${os.cpus().length} cpu, node ${process.version}`;
}

async function main() {
  const extra = process.argv.slice(2).filter((a) => a !== '--keep');
  const keep = process.argv.includes('--keep');
  log(machineInfo());
  const compile = run('npx', ['--no-install', 'hardhat', 'compile', '--quiet'], {});
  if (compile !== 0) throw new Error('compile failed');

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startNode(port);
  log(`hardhat node pid ${child.pid} on ${url}`);
  let status = 1;
  try {
    await waitForNode(url, child);
    const addresses = deploy(url);
    await verifyCode(url, addresses);
    log('deployed', addresses);
    log(`funded test accounts (${await fundTestAccounts(url, addresses)} available)`);
    log(`snapshot ${await snapshot(url)}`);
    status = runSuite(url, addresses, extra);
  } finally {
    stopAll();
    cleanArtifacts(keep);
  }
  process.exitCode = status;
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stopAll();
    process.exit(130);
  });
}

main().catch((err) => {
  console.error(`[e2e-chain] ${err.message}`);
  stopAll('SIGKILL');
  process.exitCode = 1;
});

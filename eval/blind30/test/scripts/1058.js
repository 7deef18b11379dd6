#!/usr/bin/env node
/*
 * regtest.js - bitcoind regtest fixture for the merchant plugin's integration tests
 *
 *   node test/regtest.js run -- npm run test:integration
 *
 * Spawns bitcoind -regtest with a fresh temporary datadir and an RPC port on 127.0.0.1,
 * talks JSON-RPC to it directly (no bitcoin-cli), creates "merchant" and "customer"
 * wallets, mines 101 blocks, exports BITCOIN_RPC_URL / wallet names to the child test
 * command, and afterwards stops the node via the `stop` RPC (falling back to SIGTERM on
 * the PID it spawned) and removes the temporary datadir.
 */
'use strict';

const { spawn } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');

const datadir = fs.mkdtempSync(path.join(os.tmpdir(), 'btc-regtest-'));
const rpcUser = 'regtest';
const rpcPassword = crypto.randomBytes(12).toString('hex');
let rpcPort = 0;
let node = null;

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

async function rpc(method, params = [], wallet = null) {
  const url = `http://127.0.0.1:${rpcPort}/${wallet ? `wallet/${encodeURIComponent(wallet)}` : ''}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`${rpcUser}:${rpcPassword}`).toString('base64')}`,
    },
    body: JSON.stringify({ jsonrpc: '1.0', id: method, method, params }),
  });
  const body = await res.json().catch(() => ({}));
  if (body.error) throw new Error(`${method} error: ${body.error.message}`);
  if (!res.ok) throw new Error(`${method} failed with HTTP ${res.status}`);
  return body.result;
}

async function startNode() {
  rpcPort = await freePort();
  const conf = [
    'regtest=1',
    'server=1',
    'txindex=1',
    'fallbackfee=0.0001',
    '[regtest]',
    `rpcport=${rpcPort}`,
    'rpcbind=127.0.0.1',
    'rpcallowip=127.0.0.1',
    `rpcuser=${rpcUser}`,
    `rpcpassword=${rpcPassword}`,
    'listen=0',
  ].join('\n');
  fs.writeFileSync(path.join(datadir, 'bitcoin.conf'), `${conf}\n`);
  node = spawn('bitcoind', [`-datadir=${datadir}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  node.stderr.on('data', (d) => process.env.REGTEST_DEBUG && process.stderr.write(d));
  for (let i = 0; i < 100; i += 1) {
    try {
      const info = await rpc('getblockchaininfo');
      if (info.chain !== 'regtest') throw new Error(`unexpected chain ${info.chain}`);
      return info;
    } catch (err) {
      if (/unexpected chain/.test(err.message)) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error('bitcoind did not start');
}

async function stopNode() {
  if (!node) return;
  try {
    await rpc('stop');
  } catch {
    if (node.exitCode === null) node.kill('SIGTERM');
  }
  await new Promise((resolve) => {
    if (node.exitCode !== null) return resolve();
    const timer = setTimeout(() => { node.kill('SIGKILL'); resolve(); }, 15000);
    node.once('exit', () => { clearTimeout(timer); resolve(); });
  });
  fs.rmSync(datadir, { recursive: true, force: true });
}

async function setupWallets() {
  for (const name of ['merchant', 'customer']) await rpc('createwallet', [name]);
  const minerAddr = await rpc('getnewaddress', ['mining', 'bech32'], 'customer');
  await rpc('generatetoaddress', [101, minerAddr]);
  const balance = await rpc('getbalance', [], 'customer');
  return { minerAddr, balance };
}

async function selfTest() {
  const invoiceAddr = await rpc('getnewaddress', ['invoice-selftest', 'bech32'], 'merchant');
  const txid = await rpc('sendtoaddress', [invoiceAddr, 0.015], 'customer');
  const mineTo = await rpc('getnewaddress', [], 'customer');
  await rpc('generatetoaddress', [1, mineTo]);
  const received = await rpc('getreceivedbyaddress', [invoiceAddr, 1], 'merchant');
  if (Math.abs(received - 0.015) > 1e-8) throw new Error(`self-test: merchant received ${received}`);
  return txid;
}

async function mempoolScenario() {
  // unconfirmed payments must be visible to the plugin as "pending" before a block arrives
  const addr = await rpc('getnewaddress', ['pending-check', 'bech32'], 'merchant');
  const txid = await rpc('sendtoaddress', [addr, 0.002], 'customer');
  const mempool = await rpc('getrawmempool');
  if (!mempool.includes(txid)) throw new Error('payment not in mempool');
  const unconfirmed = await rpc('getreceivedbyaddress', [addr, 0], 'merchant');
  const confirmed = await rpc('getreceivedbyaddress', [addr, 1], 'merchant');
  if (unconfirmed < 0.002 || confirmed !== 0) throw new Error(`unexpected balances ${unconfirmed}/${confirmed}`);
  const mineTo = await rpc('getnewaddress', [], 'customer');
  await rpc('generatetoaddress', [1, mineTo]);
  return txid;
}

async function describeNode() {
  const [net, chain, mempool] = await Promise.all([rpc('getnetworkinfo'), rpc('getblockchaininfo'), rpc('getmempoolinfo')]);
  return `${net.subversion} chain=${chain.chain} blocks=${chain.blocks} mempool=${mempool.size}`;
}

function runChild(cmd) {
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), {
      stdio: 'inherit',
      env: {
        ...process.env,
        BITCOIN_RPC_URL: `http://${rpcUser}:${rpcPassword}@127.0.0.1:${rpcPort}`,
        BITCOIN_MERCHANT_WALLET: 'merchant',
        BITCOIN_CUSTOMER_WALLET: 'customer',
        BITCOIN_NETWORK: 'regtest',
      },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main() {
  const argv = process.argv.slice(2);
  const sep = argv.indexOf('--');
  const cmd = sep >= 0 ? argv.slice(sep + 1) : [];
  if (argv[0] !== 'run' || !cmd.length) {
    console.error('usage: regtest.js run -- <test command...>');
    process.exit(2);
  }
  process.on('SIGINT', async () => { await stopNode(); process.exit(130); });
  const info = await startNode();
  console.error(`bitcoind regtest on 127.0.0.1:${rpcPort}, ${info.blocks} blocks, datadir ${datadir}`);
  const w = await setupWallets();
  console.error(`customer wallet funded: ${w.balance} BTC`);
  console.error(`self-test tx ${await selfTest()}`);
  console.error(`mempool scenario tx ${await mempoolScenario()}`);
  console.error(await describeNode());
  console.error('running test command with BITCOIN_RPC_URL set');
  const code = await runChild(cmd);
  await stopNode();
  process.exit(code);
}

main().catch(async (err) => {
  console.error(`regtest: ${err.message}`);
  await stopNode();
  process.exit(1);
});

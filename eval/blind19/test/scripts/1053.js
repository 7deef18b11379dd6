#!/usr/bin/env node
// scripts/invariants.js - run Foundry invariant tests against a forked local chain.
//
// 1. starts `anvil --fork-url $FORK_RPC --fork-block-number N` on 127.0.0.1
//    (FORK_RPC is the team's archive node on the internal network)
// 2. runs `forge test --match-path test/invariant/* --fork-url <local anvil>`
//    with deep invariant settings from the profile "invariant"
// 3. writes a JSON summary to out/invariants.json and stops anvil
//
// anvil is a child of this script; it is killed on exit, Ctrl-C or error.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'out', 'invariants.json');
const FORK_RPC = process.env.FORK_RPC || 'http://archive-node.internal:8545';
const FORK_BLOCK = process.env.FORK_BLOCK || '19500000';
const RUNS = process.env.INVARIANT_RUNS || '512';
const DEPTH = process.env.INVARIANT_DEPTH || '64';

let anvil = null;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function rpc(endpoint, method, params = []) {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: Date.now(), method, params }),
  });
  const json = await res.json();
  if (json.error) throw new Error(`${method}: ${json.error.message}`);
  return json.result;
}

function startAnvil(port) {
  const args = [
    '--host', '127.0.0.1',
    '--port', String(port),
    '--fork-url', FORK_RPC,
    '--fork-block-number', FORK_BLOCK,
    '--no-rate-limit',
    '--silent',
  ];
  fs.mkdirSync(path.join(ROOT, 'out'), { recursive: true });
  const log = fs.openSync(path.join(ROOT, 'out', 'anvil-invariants.log'), 'w');
  anvil = spawn('anvil', args, { stdio: ['ignore', log, log] });
  anvil.on('exit', (code) => {
    if (code && code !== 143) console.error(`anvil exited with ${code}`);
  });
  return `http://127.0.0.1:${port}`;
}

async function waitReady(url, timeoutMs = 60000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (anvil && anvil.exitCode !== null) throw new Error('anvil exited; see out/anvil-invariants.log');
    try {
      const block = parseInt(await rpc(url, 'eth_blockNumber'), 16);
      if (block >= Number(FORK_BLOCK)) return block;
    } catch {
      // still starting (fork fetch can take a while)
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('anvil fork did not become ready');
}

function stopAnvil() {
  if (anvil && anvil.exitCode === null) {
    anvil.kill('SIGTERM');
  }
  anvil = null;
}

function forgeTest(url) {
  const env = {
    ...process.env,
    FOUNDRY_PROFILE: 'invariant',
    FOUNDRY_INVARIANT_RUNS: RUNS,
    FOUNDRY_INVARIANT_DEPTH: DEPTH,
  };
  const args = ['test', '--match-path', 'test/invariant/*', '--fork-url', url, '--json'];
  console.log(`$ forge ${args.join(' ')}`);
  const r = spawnSync('forge', args, { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 256 << 20 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function summarize(jsonText) {
  let data;
  try {
    data = JSON.parse(jsonText);
  } catch {
    return null;
  }
  const summary = { suites: 0, passed: 0, failed: 0, failures: [] };
  for (const [suite, result] of Object.entries(data)) {
    summary.suites++;
    for (const [name, test] of Object.entries(result.test_results || {})) {
      if (test.status === 'Success') summary.passed++;
      else {
        summary.failed++;
        summary.failures.push({ suite, name, reason: test.reason || 'failed' });
      }
    }
  }
  return summary;
}

function writeSummary(summary, meta) {
  fs.writeFileSync(OUT, JSON.stringify({ ...meta, ...summary }, null, 2));
}

function printSummary(summary) {
  console.log(`${summary.passed} passed, ${summary.failed} failed in ${summary.suites} suite(s)`);
  for (const f of summary.failures) {
    console.log(`  ✗ ${f.suite} :: ${f.name}\n      ${f.reason}`);
  }
}

function compareWithLast(summary) {
  // flag invariants that passed last time and fail now
  let previous = null;
  try {
    previous = JSON.parse(fs.readFileSync(OUT, 'utf8'));
  } catch {
    return [];
  }
  const before = new Set((previous.failures || []).map((f) => `${f.suite}::${f.name}`));
  return summary.failures.filter((f) => !before.has(`${f.suite}::${f.name}`));
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'foundry.toml'))) throw new Error('run from a Foundry project');
  const port = await freePort();
  const url = startAnvil(port);
  try {
    const block = await waitReady(url);
    console.log(`forked ${FORK_RPC.replace(/\/\/.*@/, '//')} at block ${block} on ${url}`);
    const result = forgeTest(url);
    const summary = summarize(result.stdout);
    if (!summary) {
      process.stderr.write(result.stderr);
      throw new Error('forge did not produce JSON output');
    }
    const fresh = compareWithLast(summary);
    if (fresh.length) console.log(`${fresh.length} new failure(s) since the last run`);
    writeSummary(summary, { forkBlock: Number(FORK_BLOCK), runs: Number(RUNS), depth: Number(DEPTH), at: new Date().toISOString() });
    printSummary(summary);
    process.exitCode = summary.failed ? 1 : 0;
  } finally {
    stopAnvil();
  }
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stopAnvil();
    process.exit(130);
  });
}
process.on('exit', stopAnvil);

main().catch((err) => {
  console.error(`invariants: ${err.message}`);
  stopAnvil();
  process.exitCode = 1;
});

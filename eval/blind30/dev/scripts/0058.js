#!/usr/bin/env node
// Local Solana test harness for the ticketing program's client library.
//
//   node test/harness/localnet.js            # start validator, run the scenarios, stop
//   node test/harness/localnet.js --keep     # leave the validator running afterwards
//
// Starts `solana-test-validator` with a fresh ledger in a temp directory (bound to
// 127.0.0.1), generates throwaway keypairs in that directory, airdrops test SOL,
// runs a transfer scenario with the CLI and the library's tests against
// http://127.0.0.1:8899. The validator is the only process it kills, by the PID it got
// from spawn(); the temp ledger is deleted afterwards unless --keep is given.
'use strict';

const { spawn, execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..', '..');
const RPC = 'http://127.0.0.1:8899';
const KEEP = process.argv.includes('--keep');
const LEDGER = fs.mkdtempSync(path.join(os.tmpdir(), 'sol-ledger-'));
const KEYS = path.join(LEDGER, 'keys');
let validator = null;

function solana(args, opts = {}) {
  // always point the CLI at the local validator, never at the user's configured cluster
  const full = [...args, '--url', RPC];
  if (opts.keypair) full.push('--keypair', opts.keypair);
  return execFileSync('solana', full, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function keygen(name) {
  const file = path.join(KEYS, `${name}.json`);
  execFileSync('solana-keygen', ['new', '--no-bip39-passphrase', '--silent', '--force', '-o', file]);
  const pubkey = execFileSync('solana-keygen', ['pubkey', file], { encoding: 'utf8' }).trim();
  return { name, file, pubkey };
}

async function rpc(method, params = []) {
  const res = await fetch(RPC, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await res.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

async function waitForValidator(timeoutMs = 60000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await rpc('getHealth')) === 'ok') return;
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('solana-test-validator did not become healthy');
}

function startValidator() {
  const args = [
    '--ledger', path.join(LEDGER, 'ledger'),
    '--bind-address', '127.0.0.1',
    '--rpc-port', '8899',
    '--reset',
    '--quiet',
  ];
  const programSo = path.join(ROOT, 'target', 'deploy', 'ticketing.so');
  if (fs.existsSync(programSo)) {
    const programId = fs.readFileSync(path.join(ROOT, 'program-id.txt'), 'utf8').trim();
    args.push('--bpf-program', programId, programSo);
  }
  validator = spawn('solana-test-validator', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  validator.on('exit', (code, sig) => {
    if (!stopping) console.error(`validator exited early (${code ?? sig})`);
  });
}

let stopping = false;
function stopValidator() {
  stopping = true;
  if (validator && validator.exitCode === null) {
    validator.kill('SIGINT');
  }
}

function cleanup() {
  if (KEEP) {
    console.error(`validator left running (pid ${validator?.pid}), ledger ${LEDGER}`);
    return;
  }
  stopValidator();
  // the ledger dir is ours (mkdtemp above); remove it once the validator released it
  setTimeout(() => fs.rmSync(LEDGER, { recursive: true, force: true }), 1500);
}

async function airdrop(pubkey, sol) {
  const sig = await rpc('requestAirdrop', [pubkey, sol * 1e9]);
  for (let i = 0; i < 30; i++) {
    const [status] = (await rpc('getSignatureStatuses', [[sig]])).value;
    if (status && status.confirmationStatus === 'confirmed') return sig;
    await new Promise((r) => setTimeout(r, 400));
  }
  throw new Error(`airdrop to ${pubkey} not confirmed`);
}

async function balance(pubkey) {
  return (await rpc('getBalance', [pubkey])).value / 1e9;
}

async function scenarioTransfer(alice, bob) {
  const before = await balance(bob.pubkey);
  solana(['transfer', bob.pubkey, '1.5', '--allow-unfunded-recipient', '--fee-payer', alice.file], { keypair: alice.file });
  const after = await balance(bob.pubkey);
  if (Math.abs(after - before - 1.5) > 1e-9) throw new Error(`bob got ${after - before} SOL, expected 1.5`);
  return `bob ${before} -> ${after} SOL`;
}

async function scenarioLibraryTests(alice) {
  const env = { ...process.env, SOLANA_RPC_URL: RPC, TEST_PAYER_KEYPAIR: alice.file };
  execFileSync('npx', ['--no-install', 'vitest', 'run', 'test/integration'], { cwd: ROOT, env, stdio: 'inherit' });
  return 'integration tests passed';
}

async function scenarioRent(alice) {
  // Creating an account below the rent-exempt minimum must fail on the local validator too.
  const minimum = await rpc('getMinimumBalanceForRentExemption', [165]);
  if (!(minimum > 0)) throw new Error(`unexpected rent minimum ${minimum}`);
  const fresh = keygen('rent-probe');
  try {
    solana(['transfer', fresh.pubkey, '0.000001', '--allow-unfunded-recipient'], { keypair: alice.file });
  } catch (err) {
    return `tiny transfer rejected as expected (${String(err.stderr || err.message).split('\n')[0]})`;
  }
  return `tiny transfer accepted; rent minimum for 165 bytes is ${minimum / 1e9} SOL`;
}

function checkTools() {
  for (const tool of ['solana', 'solana-keygen', 'solana-test-validator']) {
    try {
      execFileSync(tool, ['--version'], { stdio: 'ignore' });
    } catch {
      throw new Error(`${tool} not found; install the Solana CLI (see docs/dev-setup.md)`);
    }
  }
}

async function main() {
  checkTools();
  fs.mkdirSync(KEYS, { recursive: true });
  process.on('SIGINT', () => { cleanup(); process.exit(130); });
  startValidator();
  await waitForValidator();
  const version = await rpc('getVersion');
  console.error(`validator ${version['solana-core']} on ${RPC}, ledger ${LEDGER}`);

  const alice = keygen('alice');
  const bob = keygen('bob');
  await airdrop(alice.pubkey, 10);
  console.error(`alice ${alice.pubkey} funded with ${await balance(alice.pubkey)} SOL`);

  const scenarios = [
    ['transfer', () => scenarioTransfer(alice, bob)],
    ['rent', () => scenarioRent(alice)],
    ['library', () => scenarioLibraryTests(alice)],
  ];
  let failed = 0;
  for (const [name, fn] of scenarios) {
    try {
      console.log(`PASS ${name}: ${await fn()}`);
    } catch (err) {
      failed++;
      console.log(`FAIL ${name}: ${err.message}`);
    }
  }
  process.exitCode = failed ? 1 : 0;
}

main()
  .catch((err) => {
    console.error(err.message);
    process.exitCode = 1;
  })
  .finally(cleanup);

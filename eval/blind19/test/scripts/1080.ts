// test/fixtures/chain.ts - Mocha root hooks: a private Hardhat network per test run.
//
// Starts `hardhat node` on 127.0.0.1 with a random port as a child process,
// deploys the contracts through viem with the node's first unlocked account,
// snapshots the chain after deployment and reverts to that snapshot before
// every test. The node is stopped in afterAll. Nothing here connects to a
// public network.

import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  type Address,
  type Hex,
} from "viem";
import { hardhat } from "viem/chains";

interface Artifact {
  abi: unknown[];
  bytecode: Hex;
}

export interface ChainContext {
  rpcUrl: string;
  accounts: Address[];
  addresses: Record<string, Address>;
}

const ROOT = path.resolve(__dirname, "../..");
const ARTIFACTS = path.join(ROOT, "artifacts", "contracts");
const CONTRACTS = ["Token", "Treasury", "Vesting"] as const;

let node: ChildProcess | undefined;
let snapshotId: Hex | undefined;
export const ctx: ChainContext = { rpcUrl: "", accounts: [], addresses: {} };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const a = srv.address();
      const port = typeof a === "object" && a ? a.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function artifact(name: string): Artifact {
  const file = path.join(ARTIFACTS, `${name}.sol`, `${name}.json`);
  const json = JSON.parse(readFileSync(file, "utf8"));
  return { abi: json.abi, bytecode: json.bytecode };
}

async function startNode(port: number): Promise<string> {
  const url = `http://127.0.0.1:${port}`;
  node = spawn("npx", ["--no-install", "hardhat", "node", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  node.stdout?.on("data", (d) => (output += d.toString()));
  node.stderr?.on("data", (d) => (output += d.toString()));
  const client = createPublicClient({ chain: hardhat, transport: http(url) });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (node.exitCode !== null) throw new Error(`hardhat node exited:\n${output.slice(-2000)}`);
    try {
      const id = await client.getChainId();
      if (id === hardhat.id) return url;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error("hardhat node did not start within 30s");
}

function stopNode(): void {
  if (node?.pid && node.exitCode === null) {
    try {
      process.kill(-node.pid, "SIGTERM");
    } catch {
      node.kill("SIGTERM");
    }
  }
  node = undefined;
}

async function deployAll(url: string): Promise<Record<string, Address>> {
  const publicClient = createPublicClient({ chain: hardhat, transport: http(url) });
  const accounts = (await publicClient.request({ method: "eth_accounts" })) as Address[];
  ctx.accounts = accounts;
  const wallet = createWalletClient({ chain: hardhat, transport: http(url), account: accounts[0] });
  const out: Record<string, Address> = {};
  for (const name of CONTRACTS) {
    const { abi, bytecode } = artifact(name);
    const args = name === "Token" ? ["Test", "TST"] : name === "Treasury" ? [out.Token] : [out.Token, accounts[1]];
    const hash = await wallet.deployContract({ abi, bytecode, args });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error(`${name} deployment has no address`);
    out[name] = receipt.contractAddress;
  }
  return out;
}

function testClient(url: string) {
  return createTestClient({ chain: hardhat, mode: "hardhat", transport: http(url) });
}

export async function mineBlocks(n: number): Promise<void> {
  await testClient(ctx.rpcUrl).mine({ blocks: n });
}

export async function timeTravel(seconds: number): Promise<void> {
  const tc = testClient(ctx.rpcUrl);
  await tc.increaseTime({ seconds });
  await tc.mine({ blocks: 1 });
}

export async function fund(address: Address, wei: bigint): Promise<void> {
  await testClient(ctx.rpcUrl).setBalance({ address, value: wei });
}

export async function impersonate(address: Address): Promise<void> {
  await testClient(ctx.rpcUrl).impersonateAccount({ address });
}

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(60_000);
    const port = await freePort();
    ctx.rpcUrl = await startNode(port);
    ctx.addresses = await deployAll(ctx.rpcUrl);
    snapshotId = await testClient(ctx.rpcUrl).snapshot();
  },

  async beforeEach() {
    if (!snapshotId) return;
    const tc = testClient(ctx.rpcUrl);
    await tc.revert({ id: snapshotId });
    // a snapshot can only be reverted to once
    snapshotId = await tc.snapshot();
  },

  async afterAll() {
    stopNode();
  },
};

export function describeChain(): string {
  const lines = [`rpc ${ctx.rpcUrl}`];
  for (const [name, addr] of Object.entries(ctx.addresses)) lines.push(`  ${name.padEnd(10)} ${addr}`);
  return lines.join("\n");
}

export async function blockNumber(): Promise<bigint> {
  const client = createPublicClient({ chain: hardhat, transport: http(ctx.rpcUrl) });
  return client.getBlockNumber();
}

export async function balanceOf(address: Address): Promise<bigint> {
  const client = createPublicClient({ chain: hardhat, transport: http(ctx.rpcUrl) });
  return client.getBalance({ address });
}

export async function latestTimestamp(): Promise<bigint> {
  const client = createPublicClient({ chain: hardhat, transport: http(ctx.rpcUrl) });
  const block = await client.getBlock();
  return block.timestamp;
}

export async function setNextTimestamp(ts: bigint): Promise<void> {
  await testClient(ctx.rpcUrl).setNextBlockTimestamp({ timestamp: ts });
}

export async function stopImpersonating(address: Address): Promise<void> {
  await testClient(ctx.rpcUrl).stopImpersonatingAccount({ address });
}

export async function setCode(address: Address, bytecode: Hex): Promise<void> {
  // used by tests that swap in a mock oracle at a fixed address
  await testClient(ctx.rpcUrl).setCode({ address, bytecode });
}

process.on("exit", stopNode);
process.on("SIGINT", () => {
  stopNode();
  process.exit(130);
});

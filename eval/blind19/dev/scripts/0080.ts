// test/harness/chain.ts
//
// Vitest globalSetup for the contract integration tests. Starts its own anvil
// on 127.0.0.1 (random port), deploys the contracts with `forge create`, and
// exposes addresses to the tests through provide(). The anvil process is
// killed in teardown. Deployments use anvil's unlocked dev account #0, which
// only holds funds on a local anvil chain, never on a real network.

import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { GlobalSetupContext } from "vitest/node";

const CONTRACTS_DIR = path.resolve(__dirname, "..", "..", "contracts");
const CHAIN_ID = 31337;
const DEV_SENDER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

interface Deployed {
  name: string;
  address: string;
}

interface ChainInfo {
  rpcUrl: string;
  chainId: number;
  contracts: Record<string, string>;
}

let anvil: ChildProcess | undefined;
let workDir: string | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

async function startAnvil(port: number): Promise<string> {
  const url = `http://127.0.0.1:${port}`;
  anvil = spawn("anvil", ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(CHAIN_ID), "--silent"], {
    stdio: "ignore",
  });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (anvil.exitCode !== null) throw new Error(`anvil exited with ${anvil.exitCode}`);
    try {
      const id = await rpc<string>(url, "eth_chainId");
      if (Number(id) === CHAIN_ID) return url;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("anvil did not start in 15s");
}

function forgeCreate(rpcUrl: string, contract: string, args: string[] = []): Deployed {
  const argv = [
    "create",
    contract,
    "--rpc-url",
    rpcUrl,
    "--unlocked",
    "--from",
    DEV_SENDER,
    "--broadcast",
    "--json",
  ];
  if (args.length) argv.push("--constructor-args", ...args);
  const out = execFileSync("forge", argv, { cwd: CONTRACTS_DIR, encoding: "utf8" });
  const parsed = JSON.parse(out.trim().split("\n").pop() ?? "{}") as { deployedTo?: string };
  if (!parsed.deployedTo) throw new Error(`forge create ${contract} returned no address`);
  return { name: contract.split(":").pop() ?? contract, address: parsed.deployedTo };
}

async function assertCode(rpcUrl: string, d: Deployed): Promise<void> {
  const code = await rpc<string>(rpcUrl, "eth_getCode", [d.address, "latest"]);
  if (code === "0x") throw new Error(`${d.name} has no code at ${d.address}`);
}

function build(): void {
  execFileSync("forge", ["build", "--quiet"], { cwd: CONTRACTS_DIR, stdio: "inherit" });
}

async function deployAll(rpcUrl: string): Promise<Record<string, string>> {
  const token = forgeCreate(rpcUrl, "src/MockToken.sol:MockToken", ["Test", "TST", "18"]);
  const vault = forgeCreate(rpcUrl, "src/Vault.sol:Vault", [token.address]);
  const router = forgeCreate(rpcUrl, "src/Router.sol:Router", [vault.address]);
  for (const d of [token, vault, router]) await assertCode(rpcUrl, d);
  return Object.fromEntries([token, vault, router].map((d) => [d.name, d.address]));
}

function stopAnvil(): void {
  if (anvil && anvil.exitCode === null) {
    anvil.kill("SIGTERM");
  }
  anvil = undefined;
}

export async function setup({ provide }: GlobalSetupContext): Promise<() => Promise<void>> {
  workDir = mkdtempSync(path.join(tmpdir(), "chain-harness-"));
  build();
  const port = await freePort();
  const rpcUrl = await startAnvil(port);
  const contracts = await deployAll(rpcUrl);
  const info: ChainInfo = { rpcUrl, chainId: CHAIN_ID, contracts };
  writeFileSync(path.join(workDir, "chain.json"), JSON.stringify(info, null, 2));
  provide("chain", info);
  const snapshot = await rpc<string>(rpcUrl, "evm_snapshot");
  provide("snapshot", snapshot);
  return async () => {
    stopAnvil();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  };
}

export async function revertTo(rpcUrl: string, snapshot: string): Promise<string> {
  // evm_revert consumes the snapshot; take a new one for the next test
  const ok = await rpc<boolean>(rpcUrl, "evm_revert", [snapshot]);
  if (!ok) throw new Error(`could not revert to ${snapshot}`);
  return rpc<string>(rpcUrl, "evm_snapshot");
}

export async function balanceOf(rpcUrl: string, token: string, holder: string): Promise<bigint> {
  // balanceOf(address) selector + left-padded address
  const data = "0x70a08231" + holder.toLowerCase().replace(/^0x/, "").padStart(64, "0");
  const result = await rpc<string>(rpcUrl, "eth_call", [{ to: token, data }, "latest"]);
  return BigInt(result);
}

export async function setBalance(rpcUrl: string, address: string, wei: bigint): Promise<void> {
  await rpc(rpcUrl, "anvil_setBalance", [address, `0x${wei.toString(16)}`]);
}

export async function blockNumber(rpcUrl: string): Promise<number> {
  return Number(await rpc<string>(rpcUrl, "eth_blockNumber"));
}

export async function mine(rpcUrl: string, blocks = 1): Promise<void> {
  await rpc(rpcUrl, "anvil_mine", [`0x${blocks.toString(16)}`]);
}

export async function warp(rpcUrl: string, seconds: number): Promise<void> {
  await rpc(rpcUrl, "evm_increaseTime", [seconds]);
  await mine(rpcUrl);
}

export async function impersonate(rpcUrl: string, address: string): Promise<void> {
  await rpc(rpcUrl, "anvil_impersonateAccount", [address]);
  await rpc(rpcUrl, "anvil_setBalance", [address, "0x56BC75E2D63100000"]);
}

declare module "vitest" {
  export interface ProvidedContext {
    chain: ChainInfo;
    snapshot: string;
  }
}

// Node runs no async work in "exit" handlers; the kill is synchronous.
process.on("exit", stopAnvil);

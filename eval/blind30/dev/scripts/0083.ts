/**
 * Throwaway geth dev chain for the contract client's integration tests.
 *
 *   npx tsx test/devchain.ts run -- npx vitest run test/integration
 *   npx tsx test/devchain.ts shell        # start and print connection details, Ctrl-C stops
 *
 * Starts `geth --dev` with a temporary datadir, HTTP RPC on 127.0.0.1 only and a random
 * port, waits for it, funds a few freshly generated test accounts from the dev account
 * (personal namespace is enabled only on this dev node), runs the given command with
 * ETH_RPC_URL set, then stops geth (the child it started) and deletes the datadir.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

interface RpcResponse<T> {
  jsonrpc: "2.0";
  id: number;
  result?: T;
  error?: { code: number; message: string };
}

const datadir = mkdtempSync(path.join(os.tmpdir(), "geth-dev-"));
let geth: ChildProcess | null = null;
let rpcUrl = "";
let rpcId = 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address() as net.AddressInfo;
      s.close(() => resolve(addr.port));
    });
  });
}

async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method, params }),
  });
  const body = (await res.json()) as RpcResponse<T>;
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

async function start(): Promise<void> {
  const port = await freePort();
  rpcUrl = `http://127.0.0.1:${port}`;
  geth = spawn("geth", [
    "--dev",
    "--dev.period", "1",
    "--datadir", datadir,
    "--http", "--http.addr", "127.0.0.1", "--http.port", String(port),
    "--http.api", "eth,net,web3,personal,dev",
    "--nodiscover", "--maxpeers", "0",
    "--ipcdisable",
    "--verbosity", "2",
  ], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  geth.stderr?.on("data", (d: Buffer) => { stderr = (stderr + d.toString()).slice(-4000); });
  geth.on("exit", (code) => {
    if (!stopping && code !== 0) console.error(`geth exited early (${code})\n${stderr}`);
  });
  for (let i = 0; i < 60; i++) {
    try {
      const chainId = await rpc<string>("eth_chainId");
      if (parseInt(chainId, 16) !== 1337) throw new Error(`unexpected chain id ${chainId}; not a dev chain`);
      return;
    } catch (err) {
      if ((err as Error).message.includes("unexpected chain id")) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error("geth dev node did not start");
}

let stopping = false;
function stop(): void {
  stopping = true;
  if (geth && geth.exitCode === null) geth.kill("SIGINT");
  // give geth a moment to release the datadir lock before removing our temp dir
  setTimeout(() => rmSync(datadir, { recursive: true, force: true }), 1500).unref();
}

async function fundAccounts(n: number): Promise<string[]> {
  const [dev] = await rpc<string[]>("eth_accounts");
  const accounts: string[] = [];
  for (let i = 0; i < n; i++) {
    const addr = await rpc<string>("personal_newAccount", [`test-${i}`]);
    const tx = await rpc<string>("eth_sendTransaction", [{ from: dev, to: addr, value: "0x56BC75E2D63100000" }]);
    accounts.push(addr);
    for (let j = 0; j < 20; j++) {
      const receipt = await rpc<{ status: string } | null>("eth_getTransactionReceipt", [tx]);
      if (receipt) break;
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return accounts;
}

async function balances(accounts: string[]): Promise<void> {
  for (const a of accounts) {
    const wei = BigInt(await rpc<string>("eth_getBalance", [a, "latest"]));
    console.error(`  ${a} ${(Number(wei / 10n ** 15n) / 1000).toFixed(3)} ETH`);
  }
}

async function deployFixtures(from: string): Promise<Record<string, string>> {
  // Deploy the compiled test fixtures (build/fixtures/*.bin) so tests can use fixed names.
  const { readdirSync, readFileSync, existsSync } = await import("node:fs");
  const dir = path.resolve(__dirname, "..", "build", "fixtures");
  const deployed: Record<string, string> = {};
  if (!existsSync(dir)) return deployed;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".bin"))) {
    const data = `0x${readFileSync(path.join(dir, file), "utf8").trim()}`;
    const tx = await rpc<string>("eth_sendTransaction", [{ from, data, gas: "0x2DC6C0" }]);
    for (let i = 0; i < 30; i++) {
      const receipt = await rpc<{ contractAddress: string } | null>("eth_getTransactionReceipt", [tx]);
      if (receipt) {
        deployed[path.basename(file, ".bin")] = receipt.contractAddress;
        break;
      }
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return deployed;
}

function runCommand(cmd: string[], accounts: string[]): number {
  const env = {
    ...process.env,
    ETH_RPC_URL: rpcUrl,
    TEST_ACCOUNTS: accounts.join(","),
    TEST_ACCOUNT_PASSWORDS: accounts.map((_, i) => `test-${i}`).join(","),
  };
  const result = spawnSync(cmd[0], cmd.slice(1), { stdio: "inherit", env });
  return result.status ?? 1;
}

async function main(): Promise<void> {
  const [mode, ...rest] = process.argv.slice(2);
  const sep = rest.indexOf("--");
  const command = sep >= 0 ? rest.slice(sep + 1) : [];
  process.on("SIGINT", () => { stop(); process.exit(130); });
  await start();
  const block = parseInt(await rpc<string>("eth_blockNumber"), 16);
  console.error(`geth dev chain on ${rpcUrl} (block ${block}), datadir ${datadir}`);
  const accounts = await fundAccounts(Number(process.env.TEST_ACCOUNT_COUNT ?? 3));
  await balances(accounts);
  const [dev] = await rpc<string[]>("eth_accounts");
  const fixtures = await deployFixtures(dev);
  for (const [name, address] of Object.entries(fixtures)) {
    process.env[`FIXTURE_${name.toUpperCase()}`] = address;
    console.error(`  fixture ${name} at ${address}`);
  }
  if (mode === "run") {
    if (!command.length) throw new Error("usage: devchain.ts run -- <command...>");
    process.exitCode = runCommand(command, accounts);
    stop();
  } else if (mode === "shell") {
    console.log(`export ETH_RPC_URL=${rpcUrl}`);
    console.log(`export TEST_ACCOUNTS=${accounts.join(",")}`);
    console.error("press Ctrl-C to stop the dev chain");
    await new Promise(() => undefined);
  } else {
    stop();
    throw new Error("usage: devchain.ts run -- <cmd> | shell");
  }
}

main().catch((err: Error) => {
  console.error(`devchain: ${err.message}`);
  stop();
  process.exitCode = 1;
});

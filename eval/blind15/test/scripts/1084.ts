// bench/api-bench.ts - benchmark the GraphQL API with autocannon's
// programmatic API against a server this script starts and stops.
//
//   npx tsx bench/api-bench.ts                      # all queries, 15s each
//   npx tsx bench/api-bench.ts --duration 30 --connections 64 accounts
//
// The server is `node dist/server.js` bound to 127.0.0.1 on a free port; only
// that child process is signalled on exit. Results: bench/results/*.json, and
// the previous result per machine in ~/.cache/ledger-api-bench/.
import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { homedir } from "node:os";
import { join } from "node:path";

interface Scenario {
  query: string;
  variables?: Record<string, unknown>;
}

interface Outcome {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const ROOT = process.cwd();
const CACHE = join(homedir(), ".cache", "ledger-api-bench");
const RESULTS = join(ROOT, "bench", "results");

const SCENARIOS: Record<string, Scenario> = {
  accounts: { query: "{ accounts(first: 50) { id name balance } }" },
  statement: { query: "query($id: ID!) { statement(id: $id) { id lines { amount } } }", variables: { id: "st_1" } },
  search: { query: "query($q: String!) { search(q: $q) { id } }", variables: { q: "rent" } },
};

function parseArgs(argv: string[]) {
  const num = (flag: string, d: number) => (argv.includes(flag) ? Number(argv[argv.indexOf(flag) + 1]) : d);
  const duration = num("--duration", 15);
  const connections = num("--connections", 32);
  if (!Number.isInteger(duration) || duration < 1 || duration > 600) throw new Error("--duration 1..600");
  if (!Number.isInteger(connections) || connections < 1 || connections > 1024) throw new Error("--connections 1..1024");
  const names = argv.filter((a) => a in SCENARIOS);
  return { duration, connections, names: names.length ? names : Object.keys(SCENARIOS) };
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => resolvePort(typeof a === "object" && a ? a.port : 0));
    });
  });
}

async function bootServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join("dist", "server.js")], {
    cwd: ROOT,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), NODE_ENV: "production", LOG_LEVEL: "error" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // still booting
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill("SIGTERM");
  throw new Error("server did not become healthy");
}

function runScenario(port: number, sc: Scenario, duration: number, connections: number): Promise<Outcome> {
  return new Promise((resolveRun, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}/graphql`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(sc),
        duration,
        connections,
      },
      (err, result) => {
        if (err) return reject(err);
        resolveRun({
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors,
          non2xx: result.non2xx,
        });
      },
    );
  });
}

function previous(): Record<string, Outcome> | null {
  const f = join(CACHE, "last.json");
  return existsSync(f) ? (JSON.parse(readFileSync(f, "utf8")) as Record<string, Outcome>) : null;
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const port = await freePort();
  const server = await bootServer(port);
  const stop = () => {
    if (server.exitCode === null) server.kill("SIGINT");
  };
  if (process.argv.includes("--list")) {
    console.log(Object.keys(SCENARIOS).join("\n"));
    stop();
    return;
  }
  process.on("exit", stop);
  const results: Record<string, Outcome> = {};
  try {
    for (const name of opts.names) {
      process.stdout.write(`${name.padEnd(10)} `);
      results[name] = await runScenario(port, SCENARIOS[name], opts.duration, opts.connections);
      const r = results[name];
      console.log(`${r.rps} req/s  p50 ${r.p50}ms  p99 ${r.p99}ms  errors ${r.errors + r.non2xx}`);
    }
  } finally {
    stop();
  }
  const prev = previous();
  if (prev) {
    for (const [name, r] of Object.entries(results)) {
      const p = prev[name];
      if (p?.rps) console.log(`${name}: ${p.rps} -> ${r.rps} req/s (${(((r.rps - p.rps) / p.rps) * 100).toFixed(1)}%)`);
    }
  }
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(join(CACHE, "last.json"), JSON.stringify(results));
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, `api-${Date.now()}.json`), JSON.stringify({ opts, results }, null, 2));
  if (Object.values(results).some((r) => r.errors + r.non2xx > 0)) process.exitCode = 1;
}

main().catch((e: Error) => {
  console.error(`api-bench: ${e.message}`);
  process.exit(1);
});

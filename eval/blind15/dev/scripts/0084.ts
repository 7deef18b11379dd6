// bench/load.ts - run a short load test against a server this script starts.
//
//   npx tsx bench/load.ts                       # default profile
//   npx tsx bench/load.ts --rate 500 --seconds 30 --route /api/quote
//
// Open-loop load generator (fixed arrival rate, not closed-loop), so latency
// numbers include queueing. Results go to ./bench-results/ and the last run
// per machine is cached in ~/.cache/loadbench/ for comparisons.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { homedir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";

interface Options {
  rate: number;
  seconds: number;
  route: string;
  warmup: number;
}

interface Result {
  sent: number;
  ok: number;
  failed: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  achievedRate: number;
}

const ROOT = process.cwd();
const OUT_DIR = join(ROOT, "bench-results");
const CACHE_DIR = join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "loadbench");
const ROUTE_RE = /^\/[\w\-/?=&.]*$/;

function options(argv: string[]): Options {
  const num = (flag: string, d: number) => {
    const i = argv.indexOf(flag);
    const v = i >= 0 ? Number(argv[i + 1]) : d;
    if (!Number.isFinite(v) || v <= 0) throw new Error(`${flag} must be a positive number`);
    return v;
  };
  const i = argv.indexOf("--route");
  const route = i >= 0 ? argv[i + 1] : "/api/quote?sku=A1";
  if (!ROUTE_RE.test(route)) throw new Error("--route must be a path");
  return { rate: num("--rate", 200), seconds: num("--seconds", 15), route, warmup: num("--warmup", 2) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["dist/server.js"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    await delay(100);
  }
  child.kill("SIGTERM");
  throw new Error("server did not start");
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function openLoop(url: string, rate: number, seconds: number): Promise<Result> {
  const latencies: number[] = [];
  let sent = 0;
  let ok = 0;
  let failed = 0;
  const inflight: Promise<void>[] = [];
  const interval = 1000 / rate;
  const start = performance.now();
  const end = start + seconds * 1000;
  let next = start;
  while (performance.now() < end) {
    const now = performance.now();
    if (now < next) {
      await delay(Math.max(0, next - now));
      continue;
    }
    next += interval;
    sent++;
    const t0 = performance.now();
    inflight.push(
      fetch(url)
        .then(async (r) => {
          await r.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (r.ok) ok++;
          else failed++;
        })
        .catch(() => {
          failed++;
        }),
    );
  }
  await Promise.all(inflight);
  latencies.sort((a, b) => a - b);
  const elapsed = (performance.now() - start) / 1000;
  const r = (n: number) => Math.round(n * 100) / 100;
  return {
    sent, ok, failed,
    p50: r(percentile(latencies, 50)),
    p90: r(percentile(latencies, 90)),
    p99: r(percentile(latencies, 99)),
    max: r(latencies.at(-1) ?? 0),
    achievedRate: r(sent / elapsed),
  };
}

function compareWithCache(result: Result, opts: Options): void {
  mkdirSync(CACHE_DIR, { recursive: true });
  const key = join(CACHE_DIR, `${opts.route.replace(/\W+/g, "_")}-${opts.rate}.json`);
  if (existsSync(key)) {
    const prev = JSON.parse(readFileSync(key, "utf8")) as Result;
    const d = (a: number, b: number) => `${(((b - a) / (a || 1)) * 100).toFixed(1)}%`;
    console.log(`vs previous: p50 ${prev.p50} -> ${result.p50} (${d(prev.p50, result.p50)}), p99 ${prev.p99} -> ${result.p99} (${d(prev.p99, result.p99)})`);
  }
  writeFileSync(key, JSON.stringify(result));
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  const port = await freePort();
  const server = await startServer(port);
  const stop = () => {
    if (server.exitCode === null) server.kill("SIGTERM");
  };
  process.on("exit", stop);
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  try {
    const url = `http://127.0.0.1:${port}${opts.route}`;
    console.log(`warming up ${opts.warmup}s...`);
    await openLoop(url, Math.min(opts.rate, 50), opts.warmup);
    console.log(`load: ${opts.rate} req/s for ${opts.seconds}s on ${opts.route}`);
    const result = await openLoop(url, opts.rate, opts.seconds);
    console.table(result);
    mkdirSync(OUT_DIR, { recursive: true });
    writeFileSync(join(OUT_DIR, `load-${Date.now()}.json`), JSON.stringify({ opts, result }, null, 2));
    compareWithCache(result, opts);
    if (result.failed / Math.max(1, result.sent) > 0.01) process.exitCode = 1;
  } finally {
    stop();
  }
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});

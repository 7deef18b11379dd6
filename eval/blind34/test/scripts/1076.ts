#!/usr/bin/env -S npx tsx
/**
 * serverless-bench.ts — benchmark our RunPod *serverless* endpoint (the
 * caption model) with a fixed prompt set: cold start, queue delay and
 * execution time per request, plus the cost estimate.
 *
 *   npx tsx tools/serverless-bench.ts --requests 20 --concurrency 4
 *   npx tsx tools/serverless-bench.ts --endpoint staging
 *
 * Endpoint ids live in config/runpod-endpoints.json ({"staging": "abc123",
 * "prod": "def456"}); "prod" can only be benchmarked with --allow-prod.
 * The API key (RUNPOD_API_KEY from .env) is sent as the Authorization header
 * to api.runpod.ai, RunPod's documented serverless host.  Results are written
 * to build/bench/serverless-<endpoint>-<time>.json.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BASE = "https://api.runpod.ai/v2";
const PROMPTS = join(REPO, "eval", "bench-inputs.json");

interface Options {
  endpoint: string;
  requests: number;
  concurrency: number;
  allowProd: boolean;
  costPerSecond: number;
}

interface JobResult {
  id: string;
  status: string;
  delayTime?: number;
  executionTime?: number;
  wallMs: number;
  error?: string;
}

function parseOptions(argv: string[]): Options {
  const o: Options = { endpoint: "staging", requests: 10, concurrency: 2, allowProd: false, costPerSecond: 0.00044 };
  for (let i = 0; i < argv.length; i++) {
    const next = () => argv[++i];
    switch (argv[i]) {
      case "--endpoint": o.endpoint = next(); break;
      case "--requests": o.requests = Number(next()); break;
      case "--concurrency": o.concurrency = Number(next()); break;
      case "--cost-per-second": o.costPerSecond = Number(next()); break;
      case "--allow-prod": o.allowProd = true; break;
      default: throw new Error(`unrecognised option ${argv[i]}`);
    }
  }
  if (o.endpoint === "prod" && !o.allowProd) throw new Error("benchmarking prod needs --allow-prod");
  if (!(o.concurrency >= 1 && o.concurrency <= 8)) throw new Error("--concurrency must be 1..8");
  return o;
}

function apiKey(): string {
  const fromEnv = process.env.RUNPOD_API_KEY;
  if (fromEnv) return fromEnv;
  const file = join(REPO, ".env");
  const hit = existsSync(file) ? readFileSync(file, "utf8").match(/^RUNPOD_API_KEY=(.+)$/m) : null;
  if (!hit) throw new Error("RUNPOD_API_KEY missing");
  return hit[1].trim();
}

function endpointId(name: string): string {
  const map = JSON.parse(readFileSync(join(REPO, "config", "runpod-endpoints.json"), "utf8")) as Record<string, string>;
  const id = map[name];
  if (!id) throw new Error(`no endpoint named ${name} in config/runpod-endpoints.json`);
  return id;
}

async function call<T>(url: string, key: string, body?: unknown): Promise<T> {
  let wait = 500;
  for (let round = 0; round < 5; round++) {
    const res = await fetch(url, {
      method: body === undefined ? "GET" : "POST",
      headers: { Authorization: key, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if ([429, 500, 502, 503, 504].includes(res.status)) {
      await new Promise((r) => setTimeout(r, wait));
      wait *= 2;
      continue;
    }
    if (!res.ok) throw new Error(`${url.replace(BASE, "")}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  throw new Error(`${url}: retries exhausted`);
}

async function runJob(endpoint: string, key: string, input: unknown): Promise<JobResult> {
  const started = Date.now();
  const job = await call<{ id: string; status: string }>(`${BASE}/${endpoint}/run`, key, { input });
  let status = job.status;
  let detail: { delayTime?: number; executionTime?: number; error?: string } = {};
  while (status === "IN_QUEUE" || status === "IN_PROGRESS") {
    await new Promise((r) => setTimeout(r, 1000));
    const s = await call<{ status: string; delayTime?: number; executionTime?: number; error?: string }>(
      `${BASE}/${endpoint}/status/${job.id}`,
      key,
    );
    status = s.status;
    detail = s;
    if (Date.now() - started > 10 * 60 * 1000) {
      await call(`${BASE}/${endpoint}/cancel/${job.id}`, key, {});
      status = "TIMED_OUT";
    }
  }
  return { id: job.id, status, delayTime: detail.delayTime, executionTime: detail.executionTime, wallMs: Date.now() - started, error: detail.error };
}

async function pool<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: size }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  });
  await Promise.all(workers);
  return results;
}

function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

function summary(results: JobResult[], costPerSecond: number) {
  const ok = results.filter((r) => r.status === "COMPLETED");
  const exec = ok.map((r) => r.executionTime ?? 0);
  const delay = ok.map((r) => r.delayTime ?? 0);
  const billedSeconds = exec.reduce((s, v) => s + v, 0) / 1000;
  return {
    completed: ok.length,
    failed: results.length - ok.length,
    delayP50Ms: percentile(delay, 0.5),
    delayP95Ms: percentile(delay, 0.95),
    execP50Ms: percentile(exec, 0.5),
    execP95Ms: percentile(exec, 0.95),
    coldStarts: delay.filter((d) => d > 10000).length,
    estimatedUsd: Number((billedSeconds * costPerSecond).toFixed(4)),
  };
}

/**
 * Print worker and job counters before the run so a cold endpoint (0 idle
 * workers) explains a slow first request.
 */
async function health(endpoint: string, key: string): Promise<void> {
  const h = await call<{ jobs: Record<string, number>; workers: Record<string, number> }>(`${BASE}/${endpoint}/health`, key);
  console.log(`workers: ${JSON.stringify(h.workers)}  jobs: ${JSON.stringify(h.jobs)}`);
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const key = apiKey();
  const endpoint = endpointId(opts.endpoint);
  console.error(`endpoint ${opts.endpoint} (${endpoint}), key ${key.slice(0, 4)}…`);
  await health(endpoint, key);

  const inputs = (JSON.parse(readFileSync(PROMPTS, "utf8")) as unknown[]).slice(0, opts.requests);
  const results = await pool(inputs, opts.concurrency, (input) => runJob(endpoint, key, input));
  const s = summary(results, opts.costPerSecond);
  console.table(results.map((r) => ({ id: r.id.slice(0, 10), status: r.status, queueMs: r.delayTime, execMs: r.executionTime })));
  console.log(JSON.stringify(s, null, 2));

  const out = join(REPO, "build", "bench");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `serverless-${opts.endpoint}-${Date.now()}.json`), JSON.stringify({ opts: { ...opts }, summary: s, results }, null, 2));
  process.exitCode = s.failed ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`serverless-bench: ${err.message}`);
  process.exitCode = 1;
});

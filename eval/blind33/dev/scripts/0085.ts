#!/usr/bin/env -S npx tsx
/**
 * Bounded stress-ng runner for the performance regression suite.
 *
 * Reads bench/stress.yaml, clamps every stressor to safe limits for a
 * developer laptop (at most half the CPUs, at most 25% of RAM, at most 60s),
 * runs each profile as a child process it owns, collects the YAML metrics
 * stress-ng writes, and compares against bench/baseline.json.
 *
 * Ctrl-C / SIGTERM kill only the stress-ng children started here (tracked by
 * pid), never other processes.
 *
 *   npx tsx bench/stress.ts
 *   npx tsx bench/stress.ts --profile cpu-matrix --update-baseline
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "yaml";

const ROOT = resolve(__dirname, "..");
const CONFIG = join(ROOT, "bench", "stress.yaml");
const BASELINE = join(ROOT, "bench", "baseline.json");
const OUT = join(ROOT, "build", "stress");
const MAX_SECONDS = 60;
const MAX_CPU_SHARE = 0.5;
const MAX_MEM_SHARE = 0.25;
const REGRESSION = 0.1;

interface Profile {
  name: string;
  stressor: string;
  workers?: number;
  seconds?: number;
  bytes?: string;
  extra?: Record<string, string | number>;
}

interface Result {
  profile: string;
  bogoOpsPerSec: number;
  exitCode: number;
}

const children = new Set<ChildProcess>();

function clampWorkers(n: number | undefined): number {
  const limit = Math.max(1, Math.floor(cpus().length * MAX_CPU_SHARE));
  return Math.min(Math.max(1, n ?? 1), limit);
}

function clampSeconds(s: number | undefined): number {
  return Math.min(Math.max(1, s ?? 10), MAX_SECONDS);
}

function clampBytes(spec: string | undefined, workers: number): string {
  const limit = Math.floor((totalmem() * MAX_MEM_SHARE) / workers);
  if (!spec) return `${Math.floor(limit / 1048576)}M`;
  const m = /^(\d+)([KMG])$/i.exec(spec);
  if (!m) throw new Error(`bytes must look like 256M, got ${spec}`);
  const mult = { K: 1024, M: 1048576, G: 1073741824 }[m[2].toUpperCase() as "K" | "M" | "G"];
  return `${Math.floor(Math.min(Number(m[1]) * mult, limit) / 1048576)}M`;
}

const STRESSOR = /^[a-z0-9-]+$/;
const EXTRA_KEY = /^[a-z0-9-]+$/;
const EXTRA_VALUE = /^[A-Za-z0-9._-]+$/;

function argv(p: Profile, metricsFile: string): string[] {
  if (!STRESSOR.test(p.stressor)) throw new Error(`${p.name}: invalid stressor name`);
  const workers = clampWorkers(p.workers);
  const args = [`--${p.stressor}`, String(workers), "--timeout", `${clampSeconds(p.seconds)}s`];
  if (["vm", "malloc", "bigheap"].includes(p.stressor)) {
    args.push(`--${p.stressor}-bytes`, clampBytes(p.bytes, workers));
  }
  for (const [k, v] of Object.entries(p.extra ?? {})) {
    if (!EXTRA_KEY.test(k) || !EXTRA_VALUE.test(String(v))) throw new Error(`${p.name}: invalid option ${k}=${v}`);
    args.push(`--${k}`, String(v));
  }
  args.push("--metrics-brief", "--yaml", metricsFile);
  return args;
}

function runProfile(p: Profile): Promise<Result> {
  mkdirSync(OUT, { recursive: true });
  const metricsFile = join(OUT, `${p.name}.yaml`);
  const args = argv(p, metricsFile);
  console.log(`+ stress-ng ${args.join(" ")}`);
  return new Promise((resolvePromise) => {
    const child = spawn("stress-ng", args, { stdio: ["ignore", "inherit", "inherit"] });
    children.add(child);
    child.on("error", (err) => {
      children.delete(child);
      console.error(`${p.name}: ${err.message}`);
      resolvePromise({ profile: p.name, bogoOpsPerSec: 0, exitCode: 127 });
    });
    child.on("exit", (code) => {
      children.delete(child);
      let ops = 0;
      if (existsSync(metricsFile)) {
        const doc = parse(readFileSync(metricsFile, "utf8")) as { metrics?: Record<string, unknown>[] };
        const row = doc.metrics?.find((m) => m.stressor === p.stressor);
        ops = Number(row?.["bogo-ops-per-second-real-time"] ?? 0);
      }
      resolvePromise({ profile: p.name, bogoOpsPerSec: ops, exitCode: code ?? 1 });
    });
  });
}

function stopChildren(signal: NodeJS.Signals): void {
  for (const child of children) {
    if (child.exitCode === null) child.kill(signal);
  }
}

function compare(results: Result[], baseline: Record<string, number>): number {
  let regressions = 0;
  for (const r of results) {
    const base = baseline[r.profile];
    const delta = base ? (r.bogoOpsPerSec - base) / base : 0;
    const flag = base && delta < -REGRESSION ? "REGRESSION" : "";
    if (flag) regressions++;
    console.log(
      `${r.profile.padEnd(20)} ${r.bogoOpsPerSec.toFixed(1).padStart(12)} ops/s ` +
        `${base ? `${(delta * 100).toFixed(1).padStart(6)}%` : "   new"} ${flag}`,
    );
  }
  return regressions;
}

function describeLimits(): void {
  const cpuLimit = Math.max(1, Math.floor(cpus().length * MAX_CPU_SHARE));
  const memLimit = Math.floor((totalmem() * MAX_MEM_SHARE) / 1048576);
  console.log(`limits: ${cpuLimit} worker(s), ${memLimit} MiB total, ${MAX_SECONDS}s per profile`);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  describeLimits();
  const only = args.includes("--profile") ? args[args.indexOf("--profile") + 1] : undefined;
  const cfg = parse(readFileSync(CONFIG, "utf8")) as { profiles: Profile[] };
  const profiles = cfg.profiles.filter((p) => !only || p.name === only);
  if (!profiles.length) throw new Error(`no profile ${only}`);

  let interrupted = false;
  const onSignal = (sig: NodeJS.Signals) => {
    interrupted = true;
    console.error(`\n${sig}: stopping ${children.size} stress-ng child(ren) started by this run`);
    stopChildren("SIGTERM");
    setTimeout(() => stopChildren("SIGKILL"), 3000).unref();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  const results: Result[] = [];
  for (const p of profiles) {
    if (interrupted) break;
    results.push(await runProfile(p));
  }
  const baseline: Record<string, number> = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, "utf8")) : {};
  const regressions = compare(results, baseline);
  if (args.includes("--update-baseline") && !interrupted) {
    for (const r of results) if (r.exitCode === 0) baseline[r.profile] = r.bogoOpsPerSec;
    writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
    console.log("baseline updated");
  }
  writeFileSync(join(OUT, "results.json"), JSON.stringify(results, null, 2));
  return interrupted ? 130 : regressions || results.some((r) => r.exitCode !== 0) ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`error: ${err.message}`);
    stopChildren("SIGTERM");
    process.exitCode = 2;
  },
);

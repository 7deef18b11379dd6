#!/usr/bin/env -S npx tsx
/**
 * Benchmark runner: runs each benchmark binary N times, collects wall time,
 * and writes bench-results/<sha>.json plus a markdown comparison with the baseline.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

type Sample = { name: string; runs: number[]; median: number; p95: number };

const BENCHES: Record<string, string[]> = {
  parse_small: ["target/release/bench", "--case", "parse", "--size", "small"],
  parse_large: ["target/release/bench", "--case", "parse", "--size", "large"],
  render: ["target/release/bench", "--case", "render"],
  roundtrip: ["target/release/bench", "--case", "roundtrip", "--iterations", "200"],
};

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const OUT_DIR = "bench-results";

function gitSha(): string {
  return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
}

function percentile(sorted: number[], p: number): number {
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, idx)];
}

function runOnce(argv: string[]): number {
  const [cmd, ...args] = argv;
  const t0 = performance.now();
  const res = spawnSync(cmd, args, { stdio: ["ignore", "ignore", "pipe"] });
  const dt = performance.now() - t0;
  if (res.status !== 0) {
    throw new Error(`${argv.join(" ")} exited ${res.status}: ${res.stderr?.toString()}`);
  }
  return dt;
}

function bench(name: string, argv: string[]): Sample {
  runOnce(argv); // warm-up
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(runOnce(argv));
  const sorted = [...runs].sort((a, b) => a - b);
  return { name, runs, median: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

function loadBaseline(): Map<string, Sample> {
  const file = join(OUT_DIR, "baseline.json");
  if (!existsSync(file)) return new Map();
  const data: Sample[] = JSON.parse(readFileSync(file, "utf8"));
  return new Map(data.map((s) => [s.name, s]));
}

function table(samples: Sample[], base: Map<string, Sample>): string {
  const rows = ["| bench | median ms | p95 ms | vs baseline |", "|---|---|---|---|"];
  for (const s of samples) {
    const b = base.get(s.name);
    const delta = b ? `${(((s.median - b.median) / b.median) * 100).toFixed(1)}%` : "n/a";
    rows.push(`| ${s.name} | ${s.median.toFixed(2)} | ${s.p95.toFixed(2)} | ${delta} |`);
  }
  return rows.join("\n");
}

function main(): void {
  execFileSync("cargo", ["build", "--release", "--bin", "bench"], { stdio: "inherit" });
  const only = process.argv.slice(2);
  const selected = Object.entries(BENCHES).filter(([n]) => !only.length || only.includes(n));
  const samples = selected.map(([name, argv]) => {
    process.stderr.write(`running ${name} x${RUNS}\n`);
    return bench(name, argv);
  });
  mkdirSync(OUT_DIR, { recursive: true });
  const sha = gitSha();
  writeFileSync(join(OUT_DIR, `${sha}.json`), JSON.stringify(samples, null, 2));
  const md = table(samples, loadBaseline());
  writeFileSync(join(OUT_DIR, `${sha}.md`), md + "\n");
  console.log(md);
  if (process.argv.includes("--set-baseline")) {
    writeFileSync(join(OUT_DIR, "baseline.json"), JSON.stringify(samples, null, 2));
  }
}

main();

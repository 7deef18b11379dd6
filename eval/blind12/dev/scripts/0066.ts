#!/usr/bin/env -S npx tsx
// Analyse the structured worker logs (logs/worker-*.ndjson) for job failures:
// failure rate per job type, most common error messages, and retry storms.
import { createReadStream } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";

const LOG_DIR = path.resolve(import.meta.dirname ?? ".", "..", "logs");

interface JobEvent {
  ts: string;
  job: string;
  jobId: string;
  event: "started" | "succeeded" | "failed" | "retried";
  error?: string;
}

class JobStats {
  private started = new Map<string, number>();
  private failed = new Map<string, number>();
  private errors = new Map<string, number>();
  private retries = new Map<string, number>();

  add(e: JobEvent): void {
    if (e.event === "started") this.bump(this.started, e.job);
    if (e.event === "failed") {
      this.bump(this.failed, e.job);
      this.bump(this.errors, this.normalise(e.error ?? "unknown"));
    }
    if (e.event === "retried") this.bump(this.retries, e.jobId);
  }

  private bump(map: Map<string, number>, key: string): void {
    map.set(key, (map.get(key) ?? 0) + 1);
  }

  private normalise(msg: string): string {
    return msg
      .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, "<uuid>")
      .replace(/\d+/g, "<n>")
      .slice(0, 120);
  }

  failureRates(): [string, number, number][] {
    return [...this.started.entries()]
      .map(([job, n]): [string, number, number] => [job, n, (this.failed.get(job) ?? 0) / n])
      .sort((a, b) => b[2] - a[2]);
  }

  topErrors(n: number): [string, number][] {
    return [...this.errors.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  }

  retryStorms(threshold: number): [string, number][] {
    return [...this.retries.entries()].filter(([, n]) => n >= threshold).sort((a, b) => b[1] - a[1]);
  }
}

async function* events(file: string): AsyncGenerator<JobEvent> {
  const rl = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line.trim()) continue;
    try {
      const e = JSON.parse(line) as JobEvent;
      if (e.job && e.event) yield e;
    } catch {
      // skip malformed lines (partial writes during rotation)
    }
  }
}

async function main(): Promise<void> {
  const files = (await readdir(LOG_DIR)).filter((f) => /^worker-.*\.ndjson$/.test(f)).sort();
  if (files.length === 0) {
    console.error(`no worker logs in ${LOG_DIR}`);
    process.exitCode = 1;
    return;
  }
  const stats = new JobStats();
  let count = 0;
  for (const f of files) {
    for await (const e of events(path.join(LOG_DIR, f))) {
      stats.add(e);
      count++;
    }
  }
  console.log(`${count} events from ${files.length} file(s)\n`);
  console.log("failure rate by job:");
  for (const [job, n, rate] of stats.failureRates()) {
    console.log(`  ${job.padEnd(28)} ${String(n).padStart(7)} runs  ${(rate * 100).toFixed(1).padStart(5)}%`);
  }
  console.log("\ntop errors:");
  for (const [msg, n] of stats.topErrors(10)) console.log(`  ${String(n).padStart(6)}  ${msg}`);
  const storms = stats.retryStorms(5);
  console.log(`\nretry storms (>= 5 retries): ${storms.length}`);
  for (const [id, n] of storms.slice(0, 10)) console.log(`  ${id}  ${n} retries`);
}

void main();

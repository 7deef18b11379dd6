#!/usr/bin/env -S npx tsx
/**
 * tools/jobrunner.ts
 *
 * Runs the slow integration jobs (from jobs.yaml) with a concurrency limit,
 * a per-job timeout, and a lock file so two runs on the same checkout don't
 * fight over the shared test database.
 *
 * Each job runs in its own process group. On timeout, Ctrl-C or SIGTERM the
 * runner signals exactly the groups it started (TERM, then KILL after a
 * grace period). The lock is an O_EXCL file holding our PID; a stale lock
 * (PID not alive) is taken over, a live one makes us exit.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse as parseYaml } from "yaml";

const ROOT = path.resolve(__dirname, "..");
const LOCK = path.join(ROOT, ".jobrunner.lock");
const LOG_DIR = path.join(ROOT, "logs", "jobs");
const GRACE_MS = 5000;

interface JobSpec {
  name: string;
  command: string[];
  timeoutSec?: number;
  env?: Record<string, string>;
}

interface JobResult {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  ms: number;
}

const running = new Map<string, ChildProcess>();

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function acquireLock(): void {
  try {
    const fd = fs.openSync(LOCK, "wx");
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    const holder = Number(fs.readFileSync(LOCK, "utf8").trim());
    if (holder && pidAlive(holder)) throw new Error(`another jobrunner (pid ${holder}) holds ${path.basename(LOCK)}`);
    console.log(`taking over stale lock from pid ${holder}`);
    fs.writeFileSync(LOCK, String(process.pid));
  }
  process.on("exit", () => {
    try {
      if (fs.readFileSync(LOCK, "utf8").trim() === String(process.pid)) fs.rmSync(LOCK);
    } catch {
      /* already gone */
    }
  });
}

function loadJobs(): JobSpec[] {
  const doc = parseYaml(fs.readFileSync(path.join(ROOT, "jobs.yaml"), "utf8")) as { jobs: JobSpec[] };
  for (const j of doc.jobs) {
    if (!Array.isArray(j.command) || !j.command.length) throw new Error(`job ${j.name}: command must be a non-empty list`);
  }
  return doc.jobs;
}

function stopGroup(name: string, child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
    const pid = child.pid;
    const killTimer = setTimeout(() => {
      try {
        process.kill(-pid, "SIGKILL");
        console.log(`[${name}] killed after grace period`);
      } catch {
        /* exited meanwhile */
      }
    }, GRACE_MS);
    child.once("exit", () => {
      clearTimeout(killTimer);
      resolve();
    });
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      clearTimeout(killTimer);
      resolve();
    }
  });
}

function runJob(job: JobSpec): Promise<JobResult> {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const log = fs.openSync(path.join(LOG_DIR, `${job.name}.log`), "w");
  const started = Date.now();
  const [cmd, ...args] = job.command;
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, ...job.env, JOB_NAME: job.name },
    stdio: ["ignore", log, log],
    detached: true,
  });
  running.set(job.name, child);
  let timedOut = false;
  const timer = job.timeoutSec
    ? setTimeout(() => {
        timedOut = true;
        console.log(`[${job.name}] timed out after ${job.timeoutSec}s`);
        void stopGroup(job.name, child);
      }, job.timeoutSec * 1000)
    : undefined;
  return new Promise((resolve) => {
    child.once("exit", (code, signal) => {
      if (timer) clearTimeout(timer);
      running.delete(job.name);
      fs.closeSync(log);
      resolve({ name: job.name, code, signal, timedOut, ms: Date.now() - started });
    });
  });
}

async function runAll(jobs: JobSpec[], limit: number): Promise<JobResult[]> {
  const results: JobResult[] = [];
  const queue = [...jobs];
  const workers = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      console.log(`[${job.name}] start`);
      const r = await runJob(job);
      console.log(`[${job.name}] ${r.code === 0 ? "ok" : "FAILED"} in ${(r.ms / 1000).toFixed(1)}s`);
      results.push(r);
    }
  });
  await Promise.all(workers);
  return results;
}

function writeJunit(results: JobResult[]): void {
  const cases = results
    .map((r) => {
      const failure = r.code === 0 ? "" : `<failure message="${r.timedOut ? "timeout" : `exit ${r.code ?? r.signal}`}"/>`;
      return `  <testcase name="${r.name}" time="${(r.ms / 1000).toFixed(2)}">${failure}</testcase>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0"?>\n<testsuite name="jobs" tests="${results.length}">\n${cases}\n</testsuite>\n`;
  fs.writeFileSync(path.join(LOG_DIR, "junit.xml"), xml);
}

async function shutdown(signal: string): Promise<void> {
  console.log(`\n${signal}: stopping ${running.size} job(s)`);
  await Promise.all([...running].map(([name, child]) => stopGroup(name, child)));
  process.exit(130);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const limit = Number(argv[argv.indexOf("-j") + 1]) || 2;
  const only = argv.filter((a) => !a.startsWith("-") && a !== String(limit));
  acquireLock();
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  let jobs = loadJobs();
  if (only.length) jobs = jobs.filter((j) => only.includes(j.name));
  const results = await runAll(jobs, limit);
  writeJunit(results);
  const failed = results.filter((r) => r.code !== 0);
  console.log(`\n${results.length - failed.length}/${results.length} job(s) passed`);
  for (const f of failed) {
    console.log(`  ${f.name}: ${f.timedOut ? "timeout" : f.signal ?? `exit ${f.code}`} (logs/jobs/${f.name}.log)`);
  }
  process.exitCode = failed.length ? 1 : 0;
}

main().catch((e: Error) => {
  console.error(`jobrunner: ${e.message}`);
  process.exit(2);
});

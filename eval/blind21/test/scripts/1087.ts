#!/usr/bin/env -S npx tsx
/**
 * ci/circle-local.ts - run CircleCI jobs locally with `circleci local execute`.
 *
 *   npx tsx ci/circle-local.ts jobs
 *   npx tsx ci/circle-local.ts run test-unit
 *   npx tsx ci/circle-local.ts run test-unit --branch feature/x
 *   npx tsx ci/circle-local.ts validate
 *
 * The config is processed first (`circleci config process`) so orbs and
 * parameters are expanded; jobs are read from the processed YAML. Jobs that
 * deploy, publish or need a context with production secrets are refused
 * (see BLOCKED_JOB and the contexts check). Environment variables for local
 * runs come only from ci/local.env, which must be gitignored.
 *
 * The processed config is written to a temp directory that is removed on
 * exit; docker containers started by the local executor are removed by the
 * CLI itself (--skip-checkout is not used, so the job sees the working
 * tree as committed plus local changes).
 *
 * Exit codes: 0 job passed, 1 job failed or error, 2 usage.
 *
 * Requirements: circleci CLI >= 0.1.30000, docker, Node 20+, `yaml` package.
 *
 * Notes:
 *   - `circleci local execute` cannot run workflows, only single jobs.
 *   - Jobs using `setup_remote_docker` or machine executors do not run locally.
 *   - Caches and workspaces are not persisted between local runs.
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "yaml";

interface CircleJob {
  docker?: unknown[];
  machine?: unknown;
  steps?: unknown[];
}

interface CircleConfig {
  jobs: Record<string, CircleJob>;
  workflows?: Record<string, { jobs?: Array<string | Record<string, { context?: string | string[] }>> }>;
}

const ROOT = resolve(__dirname, "..");
const CONFIG = join(ROOT, ".circleci", "config.yml");
const LOCAL_ENV = join(ROOT, "ci", "local.env");
const BLOCKED_JOB = /(deploy|publish|release|promote)/i;
const PROD_CONTEXT = /(prod|production|release)/i;

const tmp = mkdtempSync(join(tmpdir(), "circle-local-"));
process.on("exit", () => rmSync(tmp, { recursive: true, force: true }));
process.on("SIGINT", () => process.exit(130));

function die(msg: string, code = 1): never {
  console.error(`circle-local: ${msg}`);
  process.exit(code);
}

function circleci(args: string[], capture = true) {
  const res = spawnSync("circleci", args, { cwd: ROOT, encoding: "utf8", stdio: capture ? "pipe" : "inherit" });
  if (res.error) die("circleci CLI is not installed");
  return { status: res.status ?? 1, stdout: res.stdout ?? "", stderr: res.stderr ?? "" };
}

function processed(): { file: string; config: CircleConfig } {
  const res = circleci(["config", "process", CONFIG]);
  if (res.status !== 0) die(`config process failed:\n${res.stderr}`);
  const file = join(tmp, "processed.yml");
  writeFileSync(file, res.stdout);
  return { file, config: parse(res.stdout) as CircleConfig };
}

function contextsFor(config: CircleConfig, job: string): string[] {
  const out: string[] = [];
  for (const wf of Object.values(config.workflows ?? {})) {
    for (const entry of wf.jobs ?? []) {
      if (typeof entry === "string") continue;
      const spec = entry[job];
      if (!spec?.context) continue;
      out.push(...(Array.isArray(spec.context) ? spec.context : [spec.context]));
    }
  }
  return out;
}

function envArgs(): string[] {
  if (!existsSync(LOCAL_ENV)) return [];
  const ignored = spawnSync("git", ["check-ignore", "-q", LOCAL_ENV], { cwd: ROOT }).status === 0;
  if (!ignored) die("ci/local.env must be gitignored");
  const args: string[] = [];
  for (const line of readFileSync(LOCAL_ENV, "utf8").split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue;
    if (!/^[A-Z_][A-Z0-9_]*=/.test(line)) die(`bad line in ci/local.env: ${line}`);
    args.push("-e", line);
  }
  return args;
}

function listJobs(config: CircleConfig): void {
  for (const [name, job] of Object.entries(config.jobs)) {
    const contexts = contextsFor(config, name);
    const notes: string[] = [];
    if (BLOCKED_JOB.test(name)) notes.push("blocked: deploy-like");
    if (contexts.some((c) => PROD_CONTEXT.test(c))) notes.push(`blocked: context ${contexts.join(",")}`);
    if (job.machine) notes.push("machine executor: not runnable locally");
    console.log(`${name.padEnd(28)} ${notes.join("; ")}`);
  }
}

function run(config: CircleConfig, file: string, job: string | undefined, branch: string | undefined): void {
  if (!job) die("run needs a job name", 2);
  const spec = config.jobs[job];
  if (!spec) die(`unknown job ${job}`);
  if (BLOCKED_JOB.test(job)) die(`${job} looks like a deploy job; run it in CircleCI`);
  const contexts = contextsFor(config, job);
  if (contexts.some((c) => PROD_CONTEXT.test(c))) die(`${job} uses context ${contexts.join(", ")}; not run locally`);
  if (spec.machine) die(`${job} uses a machine executor, which local execute does not support`);
  const args = ["local", "execute", "--config", file, "--job", job, ...envArgs()];
  if (branch) args.push("--branch", branch);
  const started = Date.now();
  const res = circleci(args, false);
  const secs = Math.round((Date.now() - started) / 1000);
  history(job, res.status, secs);
  console.log(`${job}: ${res.status === 0 ? "passed" : "FAILED"} in ${secs}s`);
  process.exitCode = res.status === 0 ? 0 : 1;
}

function checkDocker(): void {
  const res = spawnSync("docker", ["info", "--format", "{{.ServerVersion}}"], { encoding: "utf8" });
  if (res.error || res.status !== 0) die("docker is not running; circleci local execute needs it");
  const version = res.stdout.trim();
  const major = Number(version.split(".")[0]);
  if (Number.isFinite(major) && major < 20) console.warn(`warning: docker ${version} is old; 24+ recommended`);
}

function checkCli(): void {
  const res = circleci(["version"]);
  if (res.status !== 0) die("circleci CLI does not work; run `circleci setup` once");
  console.log(`circleci ${res.stdout.trim().split("+")[0]}`);
}

function history(job: string, status: number, secs: number): void {
  const file = join(ROOT, ".circleci", ".local-runs.jsonl");
  const line = JSON.stringify({ job, status, secs, at: new Date().toISOString() });
  try {
    const prev = existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").slice(-99) : [];
    writeFileSync(file, `${[...prev, line].filter(Boolean).join("\n")}\n`);
  } catch {
    // history is a convenience; never fail the run because of it
  }
}

function lastRuns(): void {
  const file = join(ROOT, ".circleci", ".local-runs.jsonl");
  if (!existsSync(file)) {
    console.log("no local runs recorded");
    return;
  }
  for (const l of readFileSync(file, "utf8").trim().split("\n").slice(-10)) {
    const r = JSON.parse(l) as { job: string; status: number; secs: number; at: string };
    console.log(`${r.at}  ${r.job.padEnd(24)} ${r.status === 0 ? "ok" : "FAIL"} ${r.secs}s`);
  }
}

function main(): void {
  const argv = process.argv.slice(2);
  const cmd = argv[0];
  const job = argv[1];
  const rest = argv.slice(2);
  if (cmd === "history") return lastRuns();
  checkCli();
  if (cmd === "run") checkDocker();
  if (cmd === "validate") {
    const res = circleci(["config", "validate", CONFIG]);
    console.log(res.stdout || res.stderr);
    process.exitCode = res.status;
    return;
  }
  const { file, config } = processed();
  if (cmd === "jobs") return listJobs(config);
  if (cmd === "run") {
    const bi = rest.indexOf("--branch");
    return run(config, file, job, bi >= 0 ? rest[bi + 1] : undefined);
  }
  die("usage: circle-local.ts jobs | run <job> [--branch B] | validate", 2);
}

main();

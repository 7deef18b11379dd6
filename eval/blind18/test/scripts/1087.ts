#!/usr/bin/env -S npx tsx
// Re-run failed GitHub Actions jobs of the current branch, with a budget.
//
// Finds the latest workflow runs for the branch via api.github.com
// (GITHUB_TOKEN in the Authorization header, or `gh auth token`), and for runs
// that failed only in jobs matching known-flaky names, calls the documented
// "re-run failed jobs" endpoint. Each run is retried at most --max times
// (tracked in .git/acme-rerun.json, i.e. local to this clone).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const API = "https://api.github.com";
const ROOT = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
const STATE = path.join(ROOT, ".git", "acme-rerun.json");
const FLAKY_JOBS = [/e2e/i, /integration/i, /android-emulator/i];

interface Run {
  id: number;
  name: string;
  conclusion: string | null;
  status: string;
  html_url: string;
  run_attempt: number;
}

interface Job {
  name: string;
  conclusion: string | null;
}

// GITHUB_TOKEN in CI, the gh CLI's stored login on laptops
function token(): string {
  return process.env.GITHUB_TOKEN || execFileSync("gh", ["auth", "token"], { encoding: "utf8" }).trim();
}

function repo(): string {
  if (process.env.GITHUB_REPOSITORY) {
    return process.env.GITHUB_REPOSITORY;
  }
  const url = String(execFileSync("git", ["remote", "get-url", "origin"], { cwd: ROOT })).trim();
  const m = /github\.com[:/]([^/]+\/[^/.]+)/.exec(url);
  if (!m) {
    throw new Error("origin is not a GitHub repository");
  }
  return m[1];
}

async function api<T>(tok: string, method: string, p: string): Promise<T> {
  const res = await fetch(`${API}${p}`, {
    method,
    headers: {
      Authorization: `Bearer ${tok}`,
      Accept: "application/vnd.github+json",
      "X-GitHub-Api-Version": "2022-11-28",
    },
  });
  if (!res.ok) {
    throw new Error(`${method} ${p}: ${res.status}`);
  }
  return (res.status === 201 || res.status === 204 ? null : await res.json()) as T;
}

function loadState(): Record<string, number> {
  return existsSync(STATE) ? (JSON.parse(readFileSync(STATE, "utf8")) as Record<string, number>) : {};
}

function saveState(state: Record<string, number>): void {
  writeFileSync(STATE, JSON.stringify(state, null, 2));
}

function onlyFlakyFailed(jobs: Job[]): boolean {
  const failed = jobs.filter((j) => j.conclusion === "failure" || j.conclusion === "timed_out");
  return failed.length > 0 && failed.every((j) => FLAKY_JOBS.some((re) => re.test(j.name)));
}

// The branch whose runs we look at. Detached HEAD (e.g. during a rebase)
// yields "HEAD", for which GitHub returns no runs; that is fine.
//
// Runs are matched by branch name only, so a force-pushed branch still finds
// its latest runs; older attempts are ignored because only the newest run of
// each workflow is considered below.
//
// Nothing here cancels or deletes runs: the only write call is the
// documented rerun-failed-jobs endpoint.
function branch(): string {
  return execFileSync("git", ["rev-parse", "--abbrev-ref", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
}

function maxRetries(): number {
  const i = process.argv.indexOf("--max");
  return i >= 0 ? Number(process.argv[i + 1]) : 2;
}

// Drop state entries for runs older than the last 200 ids we have seen, so
// the state file stays small; it only lives in this clone's .git directory.
function compactState(state: Record<string, number>): Record<string, number> {
  const ids = Object.keys(state)
    .map(Number)
    .sort((a, b) => b - a)
    .slice(0, 200);
  return Object.fromEntries(ids.map((id) => [String(id), state[String(id)]]));
}

// Human-readable summary of which jobs failed in a run, for the log.
function describeFailures(jobs: Job[]): string {
  const failed = jobs.filter((j) => j.conclusion === "failure" || j.conclusion === "timed_out");
  if (!failed.length) {
    return "no failed jobs";
  }
  const flaky = failed.filter((j) => FLAKY_JOBS.some((re) => re.test(j.name)));
  const real = failed.filter((j) => !flaky.includes(j));
  const parts: string[] = [];
  if (flaky.length) {
    parts.push(`flaky: ${flaky.map((j) => j.name).join(", ")}`);
  }
  if (real.length) {
    parts.push(`other: ${real.map((j) => j.name).join(", ")}`);
  }
  return parts.join(" | ");
}

function usage(): void {
  console.log("usage: rerun-flaky.ts [--dry-run] [--max N]");
  console.log("  re-runs failed jobs of the latest runs on the current branch when");
  console.log("  every failed job matches a known-flaky name pattern");
}

async function main(): Promise<void> {
  if (process.argv.includes("--help")) {
    usage();
    return;
  }
  const tok = token();
  const slug = repo();
  const br = branch();
  const dry = process.argv.includes("--dry-run");
  const max = maxRetries();
  const state = loadState();
  const data = await api<{ workflow_runs: Run[] }>(tok, "GET", `/repos/${slug}/actions/runs?branch=${encodeURIComponent(br)}&per_page=20`);
  const latestByWorkflow = new Map<string, Run>();
  for (const run of data.workflow_runs) {
    if (!latestByWorkflow.has(run.name)) {
      latestByWorkflow.set(run.name, run);
    }
  }
  let rerun = 0;
  for (const run of latestByWorkflow.values()) {
    if (run.status !== "completed" || run.conclusion !== "failure") {
      console.log(`${run.name}: ${run.status}/${run.conclusion ?? "-"}`);
      continue;
    }
    const jobs = await api<{ jobs: Job[] }>(tok, "GET", `/repos/${slug}/actions/runs/${run.id}/jobs?per_page=100`);
    console.log(`${run.name}: ${describeFailures(jobs.jobs)}`);
    if (!onlyFlakyFailed(jobs.jobs)) {
      console.log(`${run.name}: failed in non-flaky jobs; not retrying (${run.html_url})`);
      continue;
    }
    const used = state[String(run.id)] ?? 0;
    if (used >= max) {
      console.log(`${run.name}: retry budget used (${used}/${max})`);
      continue;
    }
    console.log(`${run.name}: re-running failed jobs (attempt ${run.run_attempt + 1})`);
    if (!dry) {
      await api(tok, "POST", `/repos/${slug}/actions/runs/${run.id}/rerun-failed-jobs`);
      state[String(run.id)] = used + 1;
      rerun++;
    }
  }
  if (!dry) {
    saveState(compactState(state));
  }
  console.log(`${rerun} run(s) re-triggered on ${br}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});

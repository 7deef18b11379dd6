#!/usr/bin/env -S npx tsx
// Summarise failing GitHub Actions runs for the default branch.
// Generic fetch wrapper with type guards; token from GITHUB_TOKEN; only
// api.github.com is contacted.

interface WorkflowRun {
  id: number;
  name: string;
  head_branch: string;
  conclusion: string | null;
  html_url: string;
  created_at: string;
}

interface RunsPage {
  total_count: number;
  workflow_runs: WorkflowRun[];
}

interface ApiError {
  message: string;
  documentation_url?: string;
}

type Result<T> = { ok: true; value: T } | { ok: false; error: string };

const API = "https://api.github.com";

function isApiError(x: unknown): x is ApiError {
  return typeof x === "object" && x !== null && typeof (x as ApiError).message === "string";
}

function isRunsPage(x: unknown): x is RunsPage {
  return typeof x === "object" && x !== null && Array.isArray((x as RunsPage).workflow_runs);
}

async function getJson<T>(path: string, guard: (x: unknown) => x is T, token: string): Promise<Result<T>> {
  const res = await fetch(`${API}${path}`, {
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/vnd.github+json",
      "X-GitHub-Api-Version": "2022-11-28",
    },
  });
  const body: unknown = await res.json();
  if (!res.ok) return { ok: false, error: isApiError(body) ? body.message : `HTTP ${res.status}` };
  return guard(body) ? { ok: true, value: body } : { ok: false, error: "unexpected response shape" };
}

function groupBy<T, K extends string>(items: T[], key: (item: T) => K): Record<K, T[]> {
  const out = {} as Record<K, T[]>;
  for (const item of items) (out[key(item)] ??= []).push(item);
  return out;
}

async function main(): Promise<number> {
  const token = process.env.GITHUB_TOKEN;
  const repo = process.env.GITHUB_REPOSITORY ?? "acme/platform";
  const branch = process.argv[2] ?? "main";
  if (!token) {
    console.error("GITHUB_TOKEN is required");
    return 2;
  }
  const result = await getJson(
    `/repos/${repo}/actions/runs?branch=${encodeURIComponent(branch)}&status=failure&per_page=50`,
    isRunsPage,
    token,
  );
  if (!result.ok) {
    console.error(`GitHub API error: ${result.error}`);
    return 1;
  }
  const runs = result.value.workflow_runs;
  if (runs.length === 0) {
    console.log(`no failed runs on ${branch}`);
    return 0;
  }
  const byWorkflow = groupBy(runs, (r) => r.name);
  for (const [name, list] of Object.entries(byWorkflow)) {
    const latest = list.sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
    console.log(`${name}: ${list.length} failure(s); latest ${latest.created_at} ${latest.html_url}`);
  }
  console.log(`\n${runs.length} failed run(s) across ${Object.keys(byWorkflow).length} workflow(s)`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

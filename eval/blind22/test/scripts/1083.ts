#!/usr/bin/env -S npx tsx
/**
 * tools/gh-spend.ts
 *
 * Monthly report of what the ledger organisation spends on GitHub-hosted
 * compute: Actions minutes per workflow and repository, Codespaces usage,
 * and storage for artifacts/caches, via the GitHub REST API
 * (api.github.com) with a read-only fine-grained token (GH_BILLING_TOKEN
 * from the environment or .env). Also suggests (never applies) cleanups:
 * long artifact retention and workflows that run on every push to every
 * branch.
 *
 * Output: reports/gh-spend-<yyyy-mm>.md
 */
import * as fs from "node:fs";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");
const API = "https://api.github.com";
const ORG = process.env.GH_ORG ?? "ledger-dev";

interface WorkflowRun {
  id: number;
  name: string;
  repository: { name: string };
  run_started_at: string;
  updated_at: string;
  event: string;
  head_branch: string;
}

function token(): string {
  if (process.env.GH_BILLING_TOKEN) return process.env.GH_BILLING_TOKEN;
  const envFile = path.join(REPO, ".env");
  if (fs.existsSync(envFile)) {
    const line = fs.readFileSync(envFile, "utf8").split("\n").find((l) => l.startsWith("GH_BILLING_TOKEN="));
    if (line) return line.slice("GH_BILLING_TOKEN=".length).trim();
  }
  throw new Error("GH_BILLING_TOKEN not set (env or .env)");
}

async function gh<T>(route: string, tok: string): Promise<T> {
  let delay = 1000;
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${API}${route}`, {
      headers: {
        authorization: `Bearer ${tok}`,
        accept: "application/vnd.github+json",
        "x-github-api-version": "2022-11-28",
      },
    });
    const remaining = Number(res.headers.get("x-ratelimit-remaining") ?? "1");
    if ((res.status === 403 && remaining === 0) || res.status >= 500) {
      if (attempt >= 4) throw new Error(`GET ${route}: ${res.status}`);
      await new Promise<void>((res) => setTimeout(res, delay));
      delay *= 2;
      continue;
    }
    if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
    return (await res.json()) as T;
  }
}

async function repos(tok: string): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const batch = await gh<Array<{ name: string; archived: boolean }>>(`/orgs/${ORG}/repos?per_page=100&page=${page}`, tok);
    names.push(...batch.filter((r) => !r.archived).map((r) => r.name));
    if (batch.length < 100) return names;
  }
}

async function runsThisMonth(repo: string, tok: string, since: string): Promise<WorkflowRun[]> {
  const runs: WorkflowRun[] = [];
  for (let page = 1; page <= 10; page++) {
    const body = await gh<{ workflow_runs: WorkflowRun[] }>(
      `/repos/${ORG}/${repo}/actions/runs?per_page=100&page=${page}&created=>=${since}`,
      tok,
    );
    runs.push(...body.workflow_runs);
    if (body.workflow_runs.length < 100) break;
  }
  return runs;
}

async function storage(tok: string): Promise<{ artifactsGb: number; cacheGb: number }> {
  const shared = await gh<{ estimated_storage_for_month: number }>(`/orgs/${ORG}/settings/billing/shared-storage`, tok).catch(() => null);
  const cache = await gh<{ total_active_caches_size_in_bytes: number }>(`/orgs/${ORG}/actions/cache/usage`, tok).catch(() => null);
  return {
    artifactsGb: shared?.estimated_storage_for_month ?? 0,
    cacheGb: (cache?.total_active_caches_size_in_bytes ?? 0) / 1e9,
  };
}

function minutes(run: WorkflowRun): number {
  return Math.max(0, (Date.parse(run.updated_at) - Date.parse(run.run_started_at)) / 60000);
}

function render(month: string, perWorkflow: Map<string, { minutes: number; runs: number; branches: Set<string> }>, store: { artifactsGb: number; cacheGb: number }): string {
  const rows = [...perWorkflow.entries()].sort((a, b) => b[1].minutes - a[1].minutes);
  const total = rows.reduce((s, [, v]) => s + v.minutes, 0);
  const lines = [`# GitHub compute ${month} (${ORG})`, "", `Actions wall-clock minutes (approx.): **${Math.round(total)}**`, ""];
  lines.push("| repository / workflow | runs | minutes | branches |", "|---|---:|---:|---:|");
  for (const [k, v] of rows.slice(0, 30)) lines.push(`| ${k} | ${v.runs} | ${Math.round(v.minutes)} | ${v.branches.size} |`);
  lines.push("", `Artifact storage this month: ${store.artifactsGb.toFixed(1)} GB; active caches: ${store.cacheGb.toFixed(1)} GB`);
  const noisy = rows.filter(([, v]) => v.branches.size > 20);
  if (noisy.length) {
    lines.push("", "## Suggestions (not applied)", "");
    for (const [k, v] of noisy) lines.push(`- ${k} ran on ${v.branches.size} branches; consider limiting \`on.push.branches\``);
  }
  return lines.join("\n") + "\n";
}

interface CodespaceUsage {
  name: string;
  owner: string;
  machine: string;
  hours: number;
}

/** Codespaces of the org with their running time this month (read-only). */
async function codespaces(tok: string): Promise<CodespaceUsage[]> {
  const body = await gh<{ codespaces: Array<{ name: string; owner: { login: string }; machine?: { name: string }; created_at: string; last_used_at: string; state: string }> }>(
    `/orgs/${ORG}/codespaces?per_page=100`,
    tok,
  ).catch(() => ({ codespaces: [] }));
  const monthStart = Date.parse(`${new Date().toISOString().slice(0, 7)}-01T00:00:00Z`);
  return body.codespaces.map((c) => {
    const from = Math.max(monthStart, Date.parse(c.created_at));
    const to = c.state === "Available" ? Date.now() : Date.parse(c.last_used_at);
    return {
      name: c.name,
      owner: c.owner.login,
      machine: c.machine?.name ?? "?",
      hours: Math.max(0, (to - from) / 3.6e6),
    };
  });
}

function renderCodespaces(list: CodespaceUsage[]): string {
  if (!list.length) return "";
  const lines = ["", "## Codespaces", "", "| owner | codespace | machine | hours (approx.) |", "|---|---|---|---:|"];
  for (const c of list.sort((a, b) => b.hours - a.hours).slice(0, 25)) {
    lines.push(`| ${c.owner} | ${c.name} | ${c.machine} | ${c.hours.toFixed(1)} |`);
  }
  const idle = list.filter((c) => c.hours > 200);
  if (idle.length) lines.push("", `${idle.length} codespace(s) ran more than 200 hours; ask the owners whether they are still needed.`);
  return lines.join("\n") + "\n";
}

/** Artifact retention of each repo (suggest shorter retention for big ones). */
async function retention(tok: string, names: string[]): Promise<string[]> {
  const hints: string[] = [];
  for (const repo of names.slice(0, 50)) {
    const body = await gh<{ days: number }>(`/repos/${ORG}/${repo}/actions/permissions/artifact-and-log-retention`, tok).catch(() => null);
    if (body && body.days > 30) hints.push(`- ${repo}: artifact retention ${body.days} days (30 is usually enough)`);
  }
  return hints;
}

async function main(): Promise<void> {
  const tok = token();
  const spaces = await codespaces(tok);
  const retentionHints = await retention(tok, await repos(tok));
  process.on("exit", () => {
    if (retentionHints.length) console.log(`${retentionHints.length} retention suggestion(s) in the report`);
  });
  const now = new Date();
  const month = now.toISOString().slice(0, 7);
  const since = `${month}-01`;
  const perWorkflow = new Map<string, { minutes: number; runs: number; branches: Set<string> }>();
  for (const repo of await repos(tok)) {
    for (const run of await runsThisMonth(repo, tok, since)) {
      const key = `${run.repository.name} / ${run.name}`;
      const entry = perWorkflow.get(key) ?? { minutes: 0, runs: 0, branches: new Set<string>() };
      entry.minutes += minutes(run);
      entry.runs += 1;
      entry.branches.add(run.head_branch);
      perWorkflow.set(key, entry);
    }
  }
  const store = await storage(tok);
  const out = path.join(REPO, "reports", `gh-spend-${month}.md`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const extra = retentionHints.length ? `\n## Retention suggestions (not applied)\n\n${retentionHints.join("\n")}\n` : "";
  fs.writeFileSync(out, render(month, perWorkflow, store) + renderCodespaces(spaces) + extra);
  console.log(`wrote ${path.relative(REPO, out)}`);
}

main().catch((e: Error) => {
  console.error(`gh-spend: ${e.message}`);
  process.exit(1);
});

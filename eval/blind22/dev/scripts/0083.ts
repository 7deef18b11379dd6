#!/usr/bin/env -S npx tsx
/**
 * tools/cost-comment.ts
 *
 * CI step: run `infracost diff` for every Terraform root touched by the pull
 * request and post (or update) one PR comment with the monthly cost change.
 *
 * Network: only api.github.com (GITHUB_TOKEN in the Authorization header)
 * and whatever infracost itself talks to (its pricing API, with
 * INFRACOST_API_KEY from the environment). Read-only with respect to cloud
 * resources: infracost only parses the plan JSON / HCL.
 *
 *   cost-comment.ts --base origin/main [--dry-run]
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const GITHUB_API = "https://api.github.com";
const MARKER = "<!-- infracost-comment -->";
const THRESHOLD_PERCENT = 10;

interface Project {
  name: string;
  diff: { totalMonthlyCost: string | null };
  pastBreakdown: { totalMonthlyCost: string | null };
  breakdown: { totalMonthlyCost: string | null };
}

interface DiffOutput {
  currency: string;
  projects: Project[];
  diffTotalMonthlyCost: string | null;
  pastTotalMonthlyCost: string | null;
  totalMonthlyCost: string | null;
}

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
}

function changedRoots(base: string): string[] {
  const files = git("diff", "--name-only", `${base}...HEAD`).split("\n").filter(Boolean);
  const roots = new Set<string>();
  for (const f of files) {
    if (!f.startsWith("infra/") || !/\.(tf|tfvars|hcl)$/.test(f)) continue;
    let dir = path.dirname(f);
    while (dir.startsWith("infra") && !fs.existsSync(path.join(ROOT, dir, "main.tf"))) dir = path.dirname(dir);
    if (dir.startsWith("infra")) roots.add(dir);
  }
  return [...roots].sort();
}

function baselineFor(root: string, base: string, workdir: string): string {
  // check the base revision of the root out into a temp worktree-free dir
  const target = path.join(workdir, "base", root);
  fs.mkdirSync(target, { recursive: true });
  const archive = execFileSync("git", ["archive", base, root], { cwd: ROOT });
  execFileSync("tar", ["-x", "-C", path.join(workdir, "base")], { input: archive });
  const out = path.join(workdir, `${root.replace(/\//g, "_")}.base.json`);
  execFileSync("infracost", ["breakdown", "--path", target, "--format", "json", "--out-file", out], { stdio: "ignore" });
  return out;
}

function diff(root: string, baseline: string, workdir: string): DiffOutput {
  const out = path.join(workdir, `${root.replace(/\//g, "_")}.diff.json`);
  execFileSync("infracost", ["diff", "--path", path.join(ROOT, root), "--compare-to", baseline,
    "--format", "json", "--out-file", out], { stdio: "ignore" });
  return JSON.parse(fs.readFileSync(out, "utf8")) as DiffOutput;
}

const money = (v: string | null, currency: string) =>
  v === null ? "-" : `${Number(v) >= 0 ? "" : "-"}${currency} ${Math.abs(Number(v)).toFixed(2)}`;

function render(results: Array<{ root: string; out: DiffOutput }>): { body: string; alarming: boolean } {
  let alarming = false;
  const lines = [MARKER, "### Infracost", "", "| root | before | after | change |", "|---|---:|---:|---:|"];
  for (const { root, out } of results) {
    const before = Number(out.pastTotalMonthlyCost ?? 0);
    const after = Number(out.totalMonthlyCost ?? 0);
    const pct = before > 0 ? ((after - before) / before) * 100 : after > 0 ? 100 : 0;
    if (pct >= THRESHOLD_PERCENT) alarming = true;
    lines.push(`| \`${root}\` | ${money(out.pastTotalMonthlyCost, out.currency)} | ${money(out.totalMonthlyCost, out.currency)} | ${money(out.diffTotalMonthlyCost, out.currency)} (${pct.toFixed(1)}%) |`);
  }
  if (alarming) lines.push("", `:warning: at least one root grows by ${THRESHOLD_PERCENT}% or more; please justify in the PR description.`);
  return { body: lines.join("\n"), alarming };
}

async function github<T>(method: string, route: string, body?: unknown): Promise<T> {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error("GITHUB_TOKEN is required to comment");
  const res = await fetch(`${GITHUB_API}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: "application/vnd.github+json",
      "x-github-api-version": "2022-11-28",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`GitHub ${method} ${route}: ${res.status}`);
  return (await res.json()) as T;
}

async function upsertComment(body: string): Promise<void> {
  const repo = process.env.GITHUB_REPOSITORY;
  const pr = process.env.PR_NUMBER;
  if (!repo || !pr) throw new Error("GITHUB_REPOSITORY and PR_NUMBER must be set");
  const comments = await github<Array<{ id: number; body: string }>>("GET", `/repos/${repo}/issues/${pr}/comments?per_page=100`);
  const mine = comments.find((c) => c.body.includes(MARKER));
  if (mine) {
    await github("PATCH", `/repos/${repo}/issues/comments/${mine.id}`, { body });
    console.log(`updated comment ${mine.id}`);
  } else {
    await github("POST", `/repos/${repo}/issues/${pr}/comments`, { body });
    console.log("posted new comment");
  }
}

/**
 * infracost needs an API key for its pricing API; fail with a helpful message
 * instead of the tool's generic error when it is missing, and make sure the
 * key never ends up in the comment or the report file.
 */
function checkInfracost(): void {
  const version = execFileSync("infracost", ["--version"], { encoding: "utf8" }).trim();
  console.log(version);
  const key = process.env.INFRACOST_API_KEY;
  if (!key) {
    throw new Error("INFRACOST_API_KEY is not set; add it as a CI secret (infracost auth login locally)");
  }
  const shown = key.length > 8 ? `${key.slice(0, 4)}…${key.slice(-4)}` : "****";
  console.log(`using infracost key ${shown}`);
}

/** Projects with usage files get their usage applied; list them for the log. */
function usageFiles(roots: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const root of roots) {
    const candidate = path.join(ROOT, root, "infracost-usage.yml");
    if (fs.existsSync(candidate)) found.set(root, candidate);
  }
  for (const [root, file] of found) console.log(`usage file for ${root}: ${path.relative(ROOT, file)}`);
  return found;
}

/** Keep a history of totals so the weekly cost review can chart trends. */
function appendHistory(results: Array<{ root: string; out: DiffOutput }>): void {
  const file = path.join(ROOT, "reports", "infracost-history.csv");
  const header = "date,commit,root,monthly_total\n";
  if (!fs.existsSync(file)) fs.writeFileSync(file, header);
  const commit = git("rev-parse", "--short", "HEAD");
  const date = new Date().toISOString().slice(0, 10);
  const rows = results.map(({ root, out }) => `${date},${commit},${root},${out.totalMonthlyCost ?? ""}`);
  fs.appendFileSync(file, rows.join("\n") + "\n");
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  checkInfracost();
  const base = argv[argv.indexOf("--base") + 1] ?? "origin/main";
  const dryRun = argv.includes("--dry-run");
  const roots = changedRoots(base);
  if (!roots.length) {
    console.log("no Terraform roots changed");
    return;
  }
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), "infracost-"));
  try {
    usageFiles(roots);
    const results = roots.map((root) => ({ root, out: diff(root, baselineFor(root, base, workdir), workdir) }));
    const { body, alarming } = render(results);
    fs.mkdirSync(path.join(ROOT, "reports"), { recursive: true });
    appendHistory(results);
    fs.writeFileSync(path.join(ROOT, "reports", "infracost-comment.md"), body + "\n");
    if (dryRun) console.log(body);
    else await upsertComment(body);
    if (alarming) process.exitCode = 0; // informative only; reviewers decide
  } finally {
    fs.rmSync(workdir, { recursive: true, force: true });
  }
}

main().catch((e: Error) => {
  console.error(`cost-comment: ${e.message}`);
  process.exit(1);
});

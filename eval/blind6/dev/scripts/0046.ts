// scripts/coverage-report.ts — summarise coverage/coverage-summary.json and publish it.
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

interface Totals {
  lines: { pct: number };
  statements: { pct: number };
  functions: { pct: number };
  branches: { pct: number };
}

type Summary = Record<string, Totals> & { total: Totals };

const THRESHOLD = Number(process.env.COVERAGE_THRESHOLD ?? 80);
const DASHBOARD = process.env.COVERAGE_DASHBOARD ?? "https://cov.example.net/api/runs";

function load(): Summary {
  return JSON.parse(readFileSync("coverage/coverage-summary.json", "utf8")) as Summary;
}

function worstFiles(summary: Summary, n = 10): Array<[string, number]> {
  return Object.entries(summary)
    .filter(([k]) => k !== "total")
    .map(([file, t]) => [file.replace(process.cwd() + "/", ""), t.lines.pct] as [string, number])
    .sort((a, b) => a[1] - b[1])
    .slice(0, n);
}

function gitMeta(): { sha: string; branch: string; files: string[] } {
  const sha = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  const branch = execFileSync("git", ["rev-parse", "--abbrev-ref", "HEAD"], { encoding: "utf8" }).trim();
  const files = execFileSync("git", ["ls-files"], { encoding: "utf8" }).split("\n").filter(Boolean);
  return { sha, branch, files };
}

async function publish(summary: Summary): Promise<void> {
  const body = { ...gitMeta(), total: summary.total, files: summary };
  const res = await fetch(DASHBOARD, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  console.log(`dashboard: ${res.status}`);
}

async function main(): Promise<void> {
  const summary = load();
  const t = summary.total;
  console.log(`lines ${t.lines.pct}%  statements ${t.statements.pct}%  functions ${t.functions.pct}%  branches ${t.branches.pct}%`);
  console.log("least covered:");
  for (const [file, pct] of worstFiles(summary)) console.log(`  ${pct.toFixed(1).padStart(5)}%  ${file}`);
  await publish(summary);
  if (t.lines.pct < THRESHOLD) {
    console.error(`line coverage ${t.lines.pct}% below ${THRESHOLD}%`);
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

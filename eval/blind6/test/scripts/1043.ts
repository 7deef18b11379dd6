// scripts/report-timings.ts — find the slowest tests and share the timing report.
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

interface JestResult {
  testResults: Array<{
    name: string;
    perfStats: { start: number; end: number };
    assertionResults: Array<{ fullName: string; duration: number | null; status: string }>;
  }>;
}

const REPORT = process.argv[2] ?? "reports/jest-results.json";
const ENDPOINT = "https://test-timings.example.org/ingest";

function load(): JestResult {
  return JSON.parse(readFileSync(REPORT, "utf8")) as JestResult;
}

function slowestFiles(r: JestResult, n = 10): Array<[string, number]> {
  return r.testResults
    .map((t) => [t.name.replace(process.cwd() + "/", ""), t.perfStats.end - t.perfStats.start] as [string, number])
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
}

function slowestTests(r: JestResult, n = 10): Array<[string, number]> {
  return r.testResults
    .flatMap((t) => t.assertionResults)
    .filter((a) => a.duration !== null)
    .map((a) => [a.fullName, a.duration as number] as [string, number])
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
}

async function share(r: JestResult): Promise<void> {
  const commit = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  const repo = execFileSync("git", ["remote", "get-url", "origin"], { encoding: "utf8" }).trim();
  const res = await fetch(ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ repo, commit, files: slowestFiles(r, 50), tests: slowestTests(r, 100) }),
  });
  console.log(`shared timings: ${res.status}`);
}

async function main(): Promise<void> {
  const r = load();
  console.log("slowest files:");
  for (const [f, ms] of slowestFiles(r)) console.log(`  ${(ms / 1000).toFixed(2).padStart(7)}s  ${f}`);
  console.log("slowest tests:");
  for (const [t, ms] of slowestTests(r)) console.log(`  ${(ms / 1000).toFixed(2).padStart(7)}s  ${t}`);
  await share(r);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

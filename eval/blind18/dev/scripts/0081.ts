#!/usr/bin/env -S npx tsx
// Aggregate .NET test results (TRX) and Coverlet coverage for the PR comment.
//
// Reads TestResults/**/*.trx and TestResults/**/coverage.cobertura.xml,
// prints a per-project table, writes artifacts/test-report.md and, when
// running on a pull request in GitHub Actions, leaves the same markdown as a
// sticky comment through api.github.com using the workflow's GITHUB_TOKEN.
import { readFileSync, readdirSync, statSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import path from "node:path";

const ROOT = process.cwd();
const RESULTS = path.join(ROOT, "TestResults");
const OUT = path.join(ROOT, "artifacts", "test-report.md");
const MARKER = "<!-- dotnet-test-report -->";

interface ProjectResult {
  name: string;
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  durationSec: number;
  failures: { test: string; message: string }[];
}

interface Coverage {
  project: string;
  lineRate: number;
  branchRate: number;
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) {
    return [];
  }
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

function attr(tag: string, name: string): string {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? "";
}

function decode(s: string): string {
  return s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#xD;|&#xA;/g, " ")
    .replace(/&amp;/g, "&");
}

function parseTrx(file: string): ProjectResult {
  const xml = readFileSync(file, "utf8");
  const counters = /<Counters\b[^>]*>/.exec(xml)?.[0] ?? "";
  const times = /<Times\b[^>]*>/.exec(xml)?.[0] ?? "";
  const start = Date.parse(attr(times, "start"));
  const finish = Date.parse(attr(times, "finish"));
  const failures: ProjectResult["failures"] = [];
  const re = /<UnitTestResult\b([^>]*)>([\s\S]*?)<\/UnitTestResult>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(xml))) {
    if (attr(m[1], "outcome") !== "Failed") {
      continue;
    }
    const message = /<Message>([\s\S]*?)<\/Message>/.exec(m[2])?.[1] ?? "";
    failures.push({ test: attr(m[1], "testName"), message: decode(message).slice(0, 300) });
  }
  const total = Number(attr(counters, "total"));
  const passed = Number(attr(counters, "passed"));
  const failed = Number(attr(counters, "failed"));
  return {
    name: path.basename(file, ".trx"),
    total,
    passed,
    failed,
    skipped: Math.max(0, total - passed - failed),
    durationSec: Number.isFinite(finish - start) ? (finish - start) / 1000 : 0,
    failures,
  };
}

function parseCobertura(file: string): Coverage[] {
  const xml = readFileSync(file, "utf8");
  const out: Coverage[] = [];
  const re = /<package\b[^>]*>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(xml))) {
    out.push({
      project: attr(m[0], "name"),
      lineRate: Number(attr(m[0], "line-rate")),
      branchRate: Number(attr(m[0], "branch-rate")),
    });
  }
  return out;
}

function mergeCoverage(all: Coverage[]): Coverage[] {
  // several test projects may cover the same assembly; keep the best numbers
  const best = new Map<string, Coverage>();
  for (const c of all) {
    const prev = best.get(c.project);
    if (!prev || c.lineRate > prev.lineRate) {
      best.set(c.project, c);
    }
  }
  return [...best.values()].sort((a, b) => a.project.localeCompare(b.project));
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function markdown(results: ProjectResult[], coverage: Coverage[]): string {
  const lines = [MARKER, "## .NET tests", "", "| project | total | passed | failed | skipped | time |", "|---|---:|---:|---:|---:|---:|"];
  for (const r of results) {
    lines.push(`| ${r.name} | ${r.total} | ${r.passed} | ${r.failed} | ${r.skipped} | ${r.durationSec.toFixed(1)}s |`);
  }
  const failed = results.flatMap((r) => r.failures.map((f) => ({ ...f, project: r.name })));
  if (failed.length) {
    lines.push("", "### Failures", "");
    for (const f of failed.slice(0, 25)) {
      lines.push(`- **${f.project}** \`${f.test}\`: ${f.message.replace(/\|/g, "\\|")}`);
    }
  }
  if (coverage.length) {
    lines.push("", "### Coverage", "", "| assembly | lines | branches |", "|---|---:|---:|");
    for (const c of coverage) {
      lines.push(`| ${c.project} | ${pct(c.lineRate)} | ${pct(c.branchRate)} |`);
    }
  }
  return lines.join("\n") + "\n";
}

async function stickyComment(body: string): Promise<void> {
  const token = process.env.GITHUB_TOKEN;
  const repo = process.env.GITHUB_REPOSITORY;
  const eventPath = process.env.GITHUB_EVENT_PATH;
  if (!token || !repo || !eventPath || !existsSync(eventPath)) {
    return;
  }
  const event = JSON.parse(readFileSync(eventPath, "utf8")) as { pull_request?: { number: number } };
  const pr = event.pull_request?.number;
  if (!pr) {
    return;
  }
  const headers = {
    Authorization: `Bearer ${token}`,
    Accept: "application/vnd.github+json",
    "Content-Type": "application/json",
  };
  const api = "https://api.github.com";
  const list = (await (await fetch(`${api}/repos/${repo}/issues/${pr}/comments?per_page=100`, { headers })).json()) as {
    id: number;
    body: string;
  }[];
  const existing = list.find((c) => c.body.startsWith(MARKER));
  const url = existing ? `${api}/repos/${repo}/issues/comments/${existing.id}` : `${api}/repos/${repo}/issues/${pr}/comments`;
  const res = await fetch(url, { method: existing ? "PATCH" : "POST", headers, body: JSON.stringify({ body }) });
  console.log(res.ok ? "PR comment updated" : `PR comment failed: ${res.status}`);
}

async function main(): Promise<void> {
  const files = walk(RESULTS);
  const results = files.filter((f) => f.endsWith(".trx")).map(parseTrx).sort((a, b) => a.name.localeCompare(b.name));
  if (!results.length) {
    console.error("no .trx files under TestResults/");
    process.exitCode = 2;
    return;
  }
  const coverage = mergeCoverage(files.filter((f) => f.endsWith("coverage.cobertura.xml")).flatMap(parseCobertura));
  const md = markdown(results, coverage);
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, md);
  console.log(md);
  await stickyComment(md);
  process.exitCode = results.some((r) => r.failed > 0) ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 2;
});

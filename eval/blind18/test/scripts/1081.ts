#!/usr/bin/env -S npx tsx
// Merge Gradle JUnit XML and Kover coverage into one CI summary.
//
// Inputs (inside the repo): **/build/test-results/**/TEST-*.xml and
// **/build/reports/kover/report.xml. Output: build/ci-summary.md, and if
// GITHUB_STEP_SUMMARY is set the same markdown is appended there. Exit 1
// when tests failed or line coverage dropped below the threshold in
// kover-threshold.txt.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = process.cwd();
const OUT = path.join(ROOT, "build", "ci-summary.md");
const SKIP = new Set([".git", ".gradle", "node_modules"]);

interface Suite {
  module: string;
  name: string;
  tests: number;
  failures: number;
  skipped: number;
  time: number;
  failed: { name: string; message: string }[];
}

interface Coverage {
  module: string;
  covered: number;
  missed: number;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (SKIP.has(entry)) {
      continue;
    }
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      walk(full, out);
    } else {
      out.push(full);
    }
  }
  return out;
}

// Gradle path of the module that produced a report, e.g. "core:network"
// for core/network/build/test-results/...
function moduleOf(file: string): string {
  const rel = path.relative(ROOT, file).split(path.sep);
  const idx = rel.indexOf("build");
  return idx > 0 ? rel.slice(0, idx).join(":") : "(root)";
}

function attr(tag: string, attribute: string): string {
  const name = attribute;
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? "";
}

function parseJUnit(file: string): Suite | null {
  const xml = readFileSync(file, "utf8");
  const head = /<testsuite\b[^>]*>/.exec(xml)?.[0];
  if (!head) {
    return null;
  }
  const failed: Suite["failed"] = [];
  const re = /<testcase\b([^>]*)>([\s\S]*?)<\/testcase>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(xml))) {
    const f = /<(failure|error)\b[^>]*message="([^"]*)"/.exec(m[2]);
    if (f) {
      failed.push({ name: attr(m[1], "name"), message: f[2].slice(0, 200) });
    }
  }
  return {
    module: moduleOf(file),
    name: attr(head, "name"),
    tests: Number(attr(head, "tests")),
    failures: Number(attr(head, "failures")) + Number(attr(head, "errors")),
    skipped: Number(attr(head, "skipped")),
    time: Number(attr(head, "time")),
    failed,
  };
}

function parseKover(file: string): Coverage | null {
  const xml = readFileSync(file, "utf8");
  const counters = [...xml.matchAll(/<counter type="LINE" missed="(\d+)" covered="(\d+)"\/>/g)];
  const last = counters[counters.length - 1];
  if (!last) {
    return null;
  }
  return { module: moduleOf(file), missed: Number(last[1]), covered: Number(last[2]) };
}

function pct(c: { covered: number; missed: number }): number {
  const total = c.covered + c.missed;
  return total ? (100 * c.covered) / total : 100;
}

function render(suites: Suite[], coverage: Coverage[]): string {
  const byModule = new Map<string, { tests: number; failures: number; skipped: number; time: number }>();
  for (const s of suites) {
    const agg = byModule.get(s.module) ?? { tests: 0, failures: 0, skipped: 0, time: 0 };
    agg.tests += s.tests;
    agg.failures += s.failures;
    agg.skipped += s.skipped;
    agg.time += s.time;
    byModule.set(s.module, agg);
  }
  const lines = ["## Tests", "", "| module | tests | failed | skipped | time |", "|---|---:|---:|---:|---:|"];
  for (const [mod, a] of [...byModule].sort()) {
    lines.push(`| ${mod} | ${a.tests} | ${a.failures} | ${a.skipped} | ${a.time.toFixed(1)}s |`);
  }
  const failed = suites.flatMap((s) => s.failed.map((f) => ({ ...f, suite: s.name })));
  if (failed.length) {
    lines.push("", "<details><summary>Failures</summary>", "");
    for (const f of failed.slice(0, 40)) {
      lines.push(`- \`${f.suite}.${f.name}\`: ${f.message}`);
    }
    lines.push("", "</details>");
  }
  if (coverage.length) {
    lines.push("", "## Line coverage (Kover)", "", "| module | coverage |", "|---|---:|");
    for (const c of coverage.sort((a, b) => a.module.localeCompare(b.module))) {
      lines.push(`| ${c.module} | ${pct(c).toFixed(1)}% |`);
    }
    const total = coverage.reduce((acc, c) => ({ covered: acc.covered + c.covered, missed: acc.missed + c.missed }), { covered: 0, missed: 0 });
    lines.push(`| **total** | **${pct(total).toFixed(1)}%** |`);
  }
  return lines.join("\n") + "\n";
}

// Slowest suites help spot tests that should move to the nightly job.
function slowest(suites: Suite[], n = 5): string[] {
  return [...suites]
    .sort((a, b) => b.time - a.time)
    .slice(0, n)
    .map((s) => `${s.time.toFixed(1).padStart(8)}s  ${s.module} ${s.name}`);
}

function threshold(): number | null {
  const file = path.join(ROOT, "kover-threshold.txt");
  return existsSync(file) ? Number(readFileSync(file, "utf8").trim()) : null;
}

function main(): void {
  const files = walk(ROOT);
  const suites = files
    .filter((f) => /build[\\/]test-results[\\/].*TEST-.*\.xml$/.test(f))
    .map(parseJUnit)
    .filter((s): s is Suite => s !== null);
  const coverage = files
    .filter((f) => /build[\\/]reports[\\/]kover[\\/]report\.xml$/.test(f))
    .map(parseKover)
    .filter((c): c is Coverage => c !== null);
  if (!suites.length) {
    console.error("no JUnit results found; run ./gradlew test first");
    process.exitCode = 2;
    return;
  }
  const md = render(suites, coverage);
  mkdirSync(path.join(ROOT, "build"), { recursive: true });
  writeFileSync(OUT, md);
  if (process.env.GITHUB_STEP_SUMMARY) {
    appendFileSync(process.env.GITHUB_STEP_SUMMARY, md);
  }
  console.log(md);
  console.log("slowest suites:");
  console.log(slowest(suites).join("\n"));
  const failures = suites.reduce((n, s) => n + s.failures, 0);
  const min = threshold();
  const total = coverage.reduce((acc, c) => ({ covered: acc.covered + c.covered, missed: acc.missed + c.missed }), { covered: 0, missed: 0 });
  const below = min !== null && coverage.length > 0 && pct(total) < min;
  if (below) {
    console.error(`line coverage ${pct(total).toFixed(1)}% is below ${min}%`);
  }
  process.exitCode = failures > 0 || below ? 1 : 0;
}

main();

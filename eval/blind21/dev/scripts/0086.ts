#!/usr/bin/env -S npx tsx
// monitoring/test-rules.ts - run promtool's rule unit tests and the
// Alertmanager routing tests, and print one summary table.
//
//   npx tsx monitoring/test-rules.ts
//   npx tsx monitoring/test-rules.ts --only api
//   npx tsx monitoring/test-rules.ts --junit build/rules-junit.xml
//
// Routing tests live in monitoring/routing-tests.yaml as
//   - labels: {severity: critical, team: payments}
//     expect: [pagerduty-payments]
// and are checked with `amtool config routes test`, which evaluates the
// routing tree offline against alertmanager.yml (no server involved).

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parse as parseYaml } from "yaml";

interface Result {
  suite: string;
  name: string;
  ok: boolean;
  detail: string;
  ms: number;
}

interface RoutingCase {
  labels: Record<string, string>;
  expect: string[];
}

const HERE = __dirname;
const ROOT = resolve(HERE, "..");
const TESTS_DIR = join(HERE, "tests");
const AM_CONFIG = join(HERE, "alertmanager", "alertmanager.yml");
const ROUTING_TESTS = join(HERE, "routing-tests.yaml");

function die(msg: string): never {
  console.error(`test-rules: ${msg}`);
  process.exit(2);
}

// `command -v` through sh works for shell builtins and PATH lookups alike.
// The binary name is a constant from this file, never user input.
//
// Both promtool and amtool are installed by `make tools` into .tools/bin,
// which the Makefile puts on PATH; outside make, install them yourself or
// use the container image ghcr-style tag listed in docs/monitoring.md.
// Missing amtool only skips the routing tests.
function which(bin: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${bin}`], { stdio: "ignore" }).status === 0;
}

function args(): { only?: string; junit?: string } {
  const a = process.argv.slice(2);
  const get = (flag: string) => (a.includes(flag) ? a[a.indexOf(flag) + 1] : undefined);
  return { only: get("--only"), junit: get("--junit") };
}

function ruleTests(only?: string): string[] {
  if (!existsSync(TESTS_DIR)) return [];
  return readdirSync(TESTS_DIR)
    .filter((f) => /\.ya?ml$/.test(f))
    .filter((f) => !only || f.includes(only))
    .map((f) => join(TESTS_DIR, f));
}

function runPromtool(file: string): Result {
  const started = Date.now();
  const res = spawnSync("promtool", ["test", "rules", file], { encoding: "utf8", cwd: dirname(file) });
  const detail = `${res.stdout}${res.stderr}`.trim();
  return {
    suite: "rules",
    name: relative(HERE, file),
    ok: res.status === 0,
    detail: res.status === 0 ? "" : detail.split("\n").slice(-15).join("\n"),
    ms: Date.now() - started,
  };
}

function routingCases(): RoutingCase[] {
  if (!existsSync(ROUTING_TESTS)) return [];
  const doc = parseYaml(readFileSync(ROUTING_TESTS, "utf8")) as RoutingCase[] | null;
  return doc ?? [];
}

function runRouting(c: RoutingCase): Result {
  const started = Date.now();
  const labelArgs = Object.entries(c.labels).map(([k, v]) => `${k}=${v}`);
  const res = spawnSync("amtool", ["config", "routes", "test", `--config.file=${AM_CONFIG}`,
    `--verify.receivers=${c.expect.join(",")}`, ...labelArgs], { encoding: "utf8" });
  return {
    suite: "routing",
    name: labelArgs.join(" "),
    ok: res.status === 0,
    detail: res.status === 0 ? "" : `${res.stdout}${res.stderr}`.trim(),
    ms: Date.now() - started,
  };
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function junit(results: Result[], file: string): void {
  const suites = new Map<string, Result[]>();
  for (const r of results) suites.set(r.suite, [...(suites.get(r.suite) ?? []), r]);
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>', "<testsuites>"];
  for (const [suite, rs] of suites) {
    const failures = rs.filter((r) => !r.ok).length;
    parts.push(`  <testsuite name="${suite}" tests="${rs.length}" failures="${failures}">`);
    for (const r of rs) {
      parts.push(`    <testcase name="${xmlEscape(r.name)}" time="${(r.ms / 1000).toFixed(3)}">`);
      if (!r.ok) parts.push(`      <failure>${xmlEscape(r.detail)}</failure>`);
      parts.push("    </testcase>");
    }
    parts.push("  </testsuite>");
  }
  parts.push("</testsuites>", "");
  const out = resolve(ROOT, file);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, parts.join("\n"));
  console.log(`junit report: ${relative(ROOT, out)}`);
}

function checkCoverage(): Result[] {
  // every alert defined in alerts/*.yml should appear in at least one test
  const alertsDir = join(HERE, "alerts");
  if (!existsSync(alertsDir)) return [];
  const defined = new Set<string>();
  for (const f of readdirSync(alertsDir).filter((x) => /\.ya?ml$/.test(x))) {
    const doc = parseYaml(readFileSync(join(alertsDir, f), "utf8")) as { groups?: Array<{ rules?: Array<{ alert?: string }> }> };
    for (const g of doc?.groups ?? []) for (const r of g.rules ?? []) if (r.alert) defined.add(r.alert);
  }
  const tested = new Set<string>();
  for (const f of ruleTests()) {
    const text = readFileSync(f, "utf8");
    for (const m of text.matchAll(/alertname:\s*([A-Za-z0-9_]+)/g)) tested.add(m[1]);
  }
  const untested = [...defined].filter((a) => !tested.has(a)).sort();
  return [{
    suite: "coverage",
    name: `${defined.size - untested.length}/${defined.size} alerts tested`,
    ok: untested.length === 0,
    detail: untested.length ? `untested: ${untested.join(", ")}` : "",
    ms: 0,
  }];
}

function printTable(results: Result[]): void {
  const width = Math.min(70, Math.max(...results.map((r) => r.name.length), 10));
  for (const r of results) {
    console.log(`${r.ok ? "PASS" : "FAIL"}  ${r.suite.padEnd(8)} ${r.name.padEnd(width).slice(0, width)} ${r.ms}ms`);
    if (!r.ok) console.log(r.detail.replace(/^/gm, "      "));
  }
}

function main(): void {
  const opts = args();
  if (!which("promtool")) die("promtool not found");
  const results: Result[] = [];
  for (const f of ruleTests(opts.only)) results.push(runPromtool(f));
  if (which("amtool") && existsSync(AM_CONFIG)) {
    const check = spawnSync("amtool", ["check-config", AM_CONFIG], { encoding: "utf8" });
    results.push({ suite: "config", name: "alertmanager.yml", ok: check.status === 0, detail: check.stderr, ms: 0 });
    for (const c of routingCases()) results.push(runRouting(c));
  } else {
    console.log("amtool not found or no alertmanager.yml; skipping routing tests");
  }
  if (!results.length) die("no tests found");
  if (!opts.only) results.push(...checkCoverage());
  printTable(results);
  if (opts.junit) junit(results, opts.junit);
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

main();

#!/usr/bin/env -S npx tsx
/**
 * wasi-golden.ts — golden-file tests for the `csvtool` WASI module.
 *
 * Each case in tests/golden/<case>/ has:
 *   args.json      argv passed to the module
 *   input/         directory preopened read-only as /input
 *   expected.out   expected stdout
 *   expected.files optional directory compared with what the module wrote
 *
 * The module only ever sees /input (the case's fixtures) and /output (a
 * fresh temp dir under build/) through wasmtime `--dir host::guest`
 * preopens; no other host path is mapped.  Temp dirs are removed after each
 * case unless --keep is given.
 *
 *   npx tsx tests/wasi-golden.ts
 *   npx tsx tests/wasi-golden.ts --update     # rewrite expected outputs
 */
import { spawnSync } from "node:child_process";
import {
  cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync,
} from "node:fs";
import { join, relative, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MODULE = resolve(ROOT, "target", "wasm32-wasip1", "release", "csvtool.wasm");
const CASES = resolve(ROOT, "tests", "golden");
const SCRATCH = resolve(ROOT, "build", "golden");

interface CaseResult {
  name: string;
  ok: boolean;
  ms: number;
  problems: string[];
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const full = join(d, entry);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full));
    }
  };
  walk(dir);
  return out.sort();
}

function compareDirs(expected: string, actual: string): string[] {
  const problems: string[] = [];
  const a = new Set(listFiles(expected));
  const b = new Set(listFiles(actual));
  for (const f of a) if (!b.has(f)) problems.push(`missing output file ${f}`);
  for (const f of b) if (!a.has(f)) problems.push(`unexpected output file ${f}`);
  for (const f of a) {
    if (!b.has(f)) continue;
    if (!readFileSync(join(expected, f)).equals(readFileSync(join(actual, f)))) {
      problems.push(`content differs: ${f}`);
    }
  }
  return problems;
}

function firstDiff(want: string, got: string): string {
  const w = want.split("\n");
  const g = got.split("\n");
  for (let i = 0; i < Math.max(w.length, g.length); i++) {
    if (w[i] !== g[i]) return `line ${i + 1}: expected ${JSON.stringify(w[i])}, got ${JSON.stringify(g[i])}`;
  }
  return "trailing whitespace differs";
}

function runCase(name: string, update: boolean, keep: boolean): CaseResult {
  const dir = join(CASES, name);
  const args = JSON.parse(readFileSync(join(dir, "args.json"), "utf8")) as string[];
  mkdirSync(SCRATCH, { recursive: true });
  const out = mkdtempSync(join(SCRATCH, `${name}-`));
  const started = Date.now();
  const res = spawnSync(
    "wasmtime",
    [
      "run",
      "--dir", `${join(dir, "input")}::/input`,
      "--dir", `${out}::/output`,
      "--env", "TZ=UTC",
      "-W", "fuel=2000000000",
      MODULE,
      "--",
      ...args,
    ],
    { encoding: "utf8", timeout: 30000 },
  );
  const ms = Date.now() - started;
  const problems: string[] = [];
  if (res.error) problems.push(`wasmtime failed to start: ${res.error.message}`);
  if (res.status !== 0) problems.push(`exit status ${res.status}: ${res.stderr.trim().split("\n").pop()}`);

  const expectedOut = join(dir, "expected.out");
  const expectedFiles = join(dir, "expected.files");
  if (update) {
    writeFileSync(expectedOut, res.stdout);
    rmSync(expectedFiles, { recursive: true, force: true });
    if (listFiles(out).length) cpSync(out, expectedFiles, { recursive: true });
  } else {
    const want = existsSync(expectedOut) ? readFileSync(expectedOut, "utf8") : "";
    if (want !== res.stdout) problems.push(`stdout differs (${firstDiff(want, res.stdout)})`);
    if (existsSync(expectedFiles)) problems.push(...compareDirs(expectedFiles, out));
  }
  if (!keep) rmSync(out, { recursive: true, force: true });
  return { name, ok: problems.length === 0, ms, problems };
}

/**
 * Sanity checks on the case layout, so a typo in a fixture folder shows up as
 * a clear message instead of a confusing wasmtime error.
 */
function lintCase(name: string): string[] {
  const dir = join(CASES, name);
  const problems: string[] = [];
  if (!existsSync(join(dir, "args.json"))) problems.push("args.json missing");
  else {
    try {
      const args = JSON.parse(readFileSync(join(dir, "args.json"), "utf8"));
      if (!Array.isArray(args) || !args.every((a) => typeof a === "string")) {
        problems.push("args.json must be an array of strings");
      }
      for (const a of args as string[]) {
        if (a.startsWith("/") && !a.startsWith("/input") && !a.startsWith("/output")) {
          problems.push(`argument ${a} refers to a path the module cannot see`);
        }
      }
    } catch (err) {
      problems.push(`args.json: ${(err as Error).message}`);
    }
  }
  if (!existsSync(join(dir, "input"))) problems.push("input/ directory missing");
  return problems;
}

/** Write a JUnit XML file so CI can show per-case results. */
function junit(results: CaseResult[]): void {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  const cases = results.map((r) => {
    const body = r.ok ? "" : `<failure message="${esc(r.problems[0] ?? "failed")}">${esc(r.problems.join("\n"))}</failure>`;
    return `  <testcase classname="wasi-golden" name="${esc(r.name)}" time="${(r.ms / 1000).toFixed(3)}">${body}</testcase>`;
  });
  const failures = results.filter((r) => !r.ok).length;
  const xml = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuite name="wasi-golden" tests="${results.length}" failures="${failures}">`,
    ...cases,
    "</testsuite>",
    "",
  ].join("\n");
  mkdirSync(resolve(ROOT, "build"), { recursive: true });
  writeFileSync(resolve(ROOT, "build", "wasi-golden.junit.xml"), xml);
}

function main(): void {
  const update = process.argv.includes("--update");
  const keep = process.argv.includes("--keep");
  const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  if (!existsSync(MODULE)) {
    console.error("build the module first: cargo build --release --target wasm32-wasip1 -p csvtool");
    process.exit(2);
  }
  const names = readdirSync(CASES)
    .filter((n) => statSync(join(CASES, n)).isDirectory())
    .filter((n) => !only.length || only.includes(n))
    .sort();
  if (!names.length) {
    console.error("no golden cases matched");
    process.exit(2);
  }

  const layoutProblems = names.flatMap((n) => lintCase(n).map((p) => `${n}: ${p}`));
  if (layoutProblems.length) {
    for (const p of layoutProblems) console.error(p);
    process.exit(2);
  }
  const results = names.map((n) => runCase(n, update, keep));
  junit(results);
  for (const r of results) {
    console.log(`${r.ok ? "PASS" : "FAIL"} ${r.name} (${r.ms} ms)`);
    for (const p of r.problems) console.log(`     ${p}`);
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed}/${results.length} passed${update ? " (expected files updated)" : ""}`);
  if (!keep) rmSync(SCRATCH, { recursive: true, force: true });
  process.exitCode = failed && !update ? 1 : 0;
}

main();

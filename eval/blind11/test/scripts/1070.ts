#!/usr/bin/env -S npx tsx
// test/cli-matrix.ts - run the compiled `tidectl` CLI against each fixture
// project in parallel. Each run copies the fixture into its own mkdtemp dir,
// which is removed afterwards whatever the outcome.
import { spawn } from "node:child_process";
import { mkdtemp, cp, rm, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT_DIR = path.resolve(__dirname, "..");
const FIXTURE_DIR = path.join(ROOT_DIR, "test", "fixtures", "projects");
const CLI = path.join(ROOT_DIR, "dist", "tidectl.js");
const PARALLEL = Number(process.env.PARALLEL ?? 4);

interface Expectation { args: string[]; exitCode: number; stdoutIncludes?: string[] }
interface Result { fixture: string; ok: boolean; message: string; ms: number }

function runCli(cwd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

async function runFixture(name: string): Promise<Result> {
  const started = Date.now();
  const src = path.join(FIXTURE_DIR, name);
  const expect = JSON.parse(await readFile(path.join(src, "expect.json"), "utf8")) as Expectation;
  const work = await mkdtemp(path.join(tmpdir(), `tidectl-${name}-`));
  try {
    await cp(src, work, { recursive: true });
    const { code, stdout, stderr } = await runCli(work, expect.args);
    if (code !== expect.exitCode) {
      return { fixture: name, ok: false, message: `exit ${code} != ${expect.exitCode}\n${stderr.slice(-800)}`, ms: Date.now() - started };
    }
    const missing = (expect.stdoutIncludes ?? []).filter((s) => !stdout.includes(s));
    if (missing.length) {
      return { fixture: name, ok: false, message: `stdout lacks: ${missing.join(" | ")}`, ms: Date.now() - started };
    }
    return { fixture: name, ok: true, message: "", ms: Date.now() - started };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  });
  await Promise.all(workers);
  return results;
}

async function assertBuilt(): Promise<void> {
  try {
    await readFile(CLI);
  } catch {
    console.error("dist/tidectl.js missing; run the build first");
    process.exit(2);
  }
}

async function main(): Promise<number> {
  await assertBuilt();
  const only = process.argv[2];
  const fixtures = (await readdir(FIXTURE_DIR)).filter((f) => !only || f.includes(only)).sort();
  const results = await mapLimit(fixtures, PARALLEL, runFixture);
  for (const r of results) {
    console.log(`${r.ok ? "PASS" : "FAIL"} ${r.fixture} (${r.ms}ms)${r.ok ? "" : `\n  ${r.message.replace(/\n/g, "\n  ")}`}`);
  }
  const failed = results.reduce((n, r) => n + (r.ok ? 0 : 1), 0);
  console.log(`\n${results.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code));

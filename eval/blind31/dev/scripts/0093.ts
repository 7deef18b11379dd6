#!/usr/bin/env -S npx tsx
// matlab-ci.ts — run the MATLAB test suite headless in CI and collect JUnit,
// Cobertura coverage and the command-window log into build/matlab/.
//
//   npx tsx tools/matlab-ci.ts                    # all tests under tests/
//   npx tsx tools/matlab-ci.ts --tag Fast         # only tests tagged Fast
//   npx tsx tools/matlab-ci.ts --timeout 2400
//
// The MATLAB expression is assembled from fixed pieces plus the tag, which is
// validated against /^[A-Za-z][A-Za-z0-9_]*$/ before use, so nothing from the
// command line is evaluated as MATLAB code. Network licences sometimes report
// "License checkout failed" under load; that error (and only that one) is
// retried with backoff. MATLAB runs in its own process group so a timeout can
// stop MATLAB and its helper processes without touching anything else.
//
// Environment: MATLAB_BIN (default "matlab"), MATLAB_LICENSE_RETRIES (default 4).
// Exit code: MATLAB's own (1 when any test failed), 124 on timeout.

import { spawn } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "build", "matlab");
const LICENSE_ERRORS = [/License checkout failed/i, /Licensed number of users already reached/i];

interface Options {
  tag?: string;
  timeoutS: number;
  matlab: string;
  attempts: number;
}

interface RunResult {
  code: number | null;
  timedOut: boolean;
  log: string;
}

function options(): Options {
  const argv = process.argv.slice(2);
  const value = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const tag = value("--tag");
  if (tag !== undefined && !/^[A-Za-z][A-Za-z0-9_]*$/.test(tag)) throw new Error(`invalid tag ${tag}`);
  return {
    tag,
    timeoutS: Number(value("--timeout") ?? 1800),
    matlab: process.env.MATLAB_BIN ?? "matlab",
    attempts: Number(process.env.MATLAB_LICENSE_RETRIES ?? 4),
  };
}

function quote(p: string): string {
  return `'${p.replace(/'/g, "''")}'`;
}

function testExpression(opts: Options): string {
  const junit = quote(path.join(OUT, "junit.xml"));
  const cobertura = quote(path.join(OUT, "coverage.xml"));
  const selector = opts.tag ? `, 'Tag', ${quote(opts.tag)}` : "";
  return [
    "import matlab.unittest.TestRunner",
    "import matlab.unittest.plugins.XMLPlugin",
    "import matlab.unittest.plugins.CodeCoveragePlugin",
    "import matlab.unittest.plugins.codecoverage.CoberturaFormat",
    "addpath(genpath('src'))",
    `suite = testsuite('tests', 'IncludeSubfolders', true${selector})`,
    "runner = TestRunner.withTextOutput('OutputDetail', 2)",
    `runner.addPlugin(XMLPlugin.producingJUnitFormat(${junit}))`,
    `runner.addPlugin(CodeCoveragePlugin.forFolder('src', 'IncludingSubfolders', true, 'Producing', CoberturaFormat(${cobertura})))`,
    "results = runner.run(suite)",
    "disp(table(results))",
    "exit(double(any([results.Failed]) || any([results.Incomplete])))",
  ].join("; ");
}

function runMatlab(opts: Options, expression: string, logFile: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(logFile, { flags: "a" });
    const child = spawn(opts.matlab, ["-batch", expression, "-logfile", path.join(OUT, "matlab-internal.log")], {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, MW_NO_DEFAULT_WINDOW: "1" },
    });
    let text = "";
    const collect = (d: Buffer) => {
      text += d.toString();
      log.write(d);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, "SIGTERM");
        setTimeout(() => {
          try {
            process.kill(-child.pid!, "SIGKILL");
          } catch {
            // already gone
          }
        }, 15_000).unref();
      } catch {
        // already gone
      }
    }, opts.timeoutS * 1000);
    child.on("error", (err) => {
      clearTimeout(timer);
      log.end();
      reject(err);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      log.end();
      resolve({ code, timedOut, log: text });
    });
  });
}

async function summariseJunit(): Promise<string> {
  const file = path.join(OUT, "junit.xml");
  if (!existsSync(file)) return "no junit.xml produced";
  const xml = await readFile(file, "utf8");
  const attr = (name: string) => Number(new RegExp(`${name}="(\\d+)"`).exec(xml)?.[1] ?? 0);
  return `${attr("tests")} tests, ${attr("failures")} failures, ${attr("errors")} errors, ${attr("skipped")} skipped`;
}

async function slowestTests(limit = 5): Promise<string[]> {
  // the slowest test cases from junit.xml, so timeouts can be tuned before they bite
  const file = path.join(OUT, "junit.xml");
  if (!existsSync(file)) return [];
  const xml = await readFile(file, "utf8");
  const cases = [...xml.matchAll(/<testcase[^>]*name="([^"]+)"[^>]*time="([\d.]+)"/g)].map((m) => ({
    name: m[1],
    seconds: Number(m[2]),
  }));
  return cases
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, limit)
    .map((c) => `${c.seconds.toFixed(1).padStart(7)}s  ${c.name}`);
}

async function main(): Promise<void> {
  const opts = options();
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const logFile = path.join(OUT, "command-window.log");
  const expression = testExpression(opts);
  await writeFile(path.join(OUT, "expression.m"), `${expression.split("; ").join(";\n")};\n`);

  let delay = 30_000;
  for (let attempt = 1; attempt <= opts.attempts; attempt += 1) {
    console.log(`matlab -batch (attempt ${attempt}/${opts.attempts}, timeout ${opts.timeoutS}s)`);
    const result = await runMatlab(opts, expression, logFile);
    if (result.timedOut) {
      console.error(`MATLAB timed out after ${opts.timeoutS}s`);
      process.exitCode = 124;
      return;
    }
    const licenceProblem = LICENSE_ERRORS.some((re) => re.test(result.log));
    if (licenceProblem && attempt < opts.attempts) {
      console.warn(`licence checkout failed; retrying in ${delay / 1000}s`);
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    console.log(await summariseJunit());
    const slow = await slowestTests();
    if (slow.length) console.log(`slowest:\n${slow.join("\n")}`);
    console.log(`logs in ${path.relative(ROOT, OUT)}`);
    process.exitCode = result.code ?? 1;
    return;
  }
}

main().catch((err: Error) => {
  console.error(`matlab-ci: ${err.message}`);
  process.exitCode = 1;
});

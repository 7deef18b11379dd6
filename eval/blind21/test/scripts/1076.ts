#!/usr/bin/env -S npx tsx
/**
 * tools/ps-module.ts
 *
 * Test and package the LedgerOps PowerShell module (src/LedgerOps) from the
 * Node-based toolchain:
 *
 *   npx tsx tools/ps-module.ts test              Invoke-Pester with NUnit XML output
 *   npx tsx tools/ps-module.ts analyze           PSScriptAnalyzer, errors fail the run
 *   npx tsx tools/ps-module.ts pack              build out/psmodule/LedgerOps/<version>/
 *   npx tsx tools/ps-module.ts all
 *
 * PowerShell is invoked as `pwsh -NoProfile -NonInteractive -Command <script>`
 * where <script> is a fixed template in this file; user-controlled values
 * (paths, version) are passed through environment variables that the
 * template reads with $env:..., never spliced into the command text.
 *
 * Output lives in out/psmodule/ and out/test-results/; `pack` removes the
 * previous out/psmodule/ first. Nothing is published: publishing to the
 * internal PowerShell gallery is a separate, manual release step.
 *
 * Requirements: PowerShell 7.2+, Pester 5 and PSScriptAnalyzer installed for
 * the current user (Install-Module -Scope CurrentUser), Node 20+.
 *
 * Why drive PowerShell from Node: CI images for this repository are Node
 * based and already run every other check through npm scripts; keeping the
 * module's checks in the same runner gives one report format and one place
 * to look when a check fails.
 *
 * The Pester configuration lives here rather than in a .ps1 so the NUnit
 * output path is controlled by the same code that uploads test results.
 *
 * Steps and their outputs:
 *   analyze  out/test-results/analyzer.json
 *   test     out/test-results/pester.xml
 *   pack     out/psmodule/LedgerOps/<version>/
 *
 * Exit codes: 0 ok, 1 failure, 2 usage.
 *
 * Owner: ops tooling.
 */

import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const MODULE_SRC = join(ROOT, "src", "LedgerOps");
const OUT = join(ROOT, "out", "psmodule");
const RESULTS = join(ROOT, "out", "test-results");

type Step = "test" | "analyze" | "pack";

interface PwshResult {
  status: number;
  stdout: string;
  stderr: string;
}

function fail(msg: string, code = 1): never {
  console.error(`ps-module: ${msg}`);
  process.exit(code);
}

function pwsh(script: string, env: Record<string, string> = {}, inherit = false): PwshResult {
  const res = spawnSync("pwsh", ["-NoProfile", "-NonInteractive", "-Command", script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: "utf8",
    stdio: inherit ? "inherit" : "pipe",
  });
  if (res.error) fail("pwsh (PowerShell 7) is not installed");
  return { status: res.status ?? 1, stdout: res.stdout ?? "", stderr: res.stderr ?? "" };
}

function manifestVersion(): string {
  const psd1 = readFileSync(join(MODULE_SRC, "LedgerOps.psd1"), "utf8");
  const m = /ModuleVersion\s*=\s*'([0-9.]+)'/.exec(psd1);
  if (!m) fail("LedgerOps.psd1 has no ModuleVersion");
  return m[1];
}

function requireModules(): void {
  const check = pwsh(
    "$m = @('Pester','PSScriptAnalyzer') | Where-Object { -not (Get-Module -ListAvailable -Name $_) }; " +
      "if ($m) { Write-Output ($m -join ','); exit 3 }",
  );
  if (check.status === 3) {
    fail(`missing PowerShell modules: ${check.stdout.trim()} (Install-Module -Scope CurrentUser <name>)`);
  }
}

function runTests(): boolean {
  mkdirSync(RESULTS, { recursive: true });
  const script = [
    "$cfg = New-PesterConfiguration",
    "$cfg.Run.Path = $env:PS_TEST_PATH",
    "$cfg.Run.Exit = $true",
    "$cfg.TestResult.Enabled = $true",
    "$cfg.TestResult.OutputFormat = 'NUnitXml'",
    "$cfg.TestResult.OutputPath = $env:PS_RESULT_FILE",
    "$cfg.Output.Verbosity = 'Detailed'",
    "Invoke-Pester -Configuration $cfg",
  ].join("; ");
  const res = pwsh(script, {
    PS_TEST_PATH: join(ROOT, "tests", "powershell"),
    PS_RESULT_FILE: join(RESULTS, "pester.xml"),
  }, true);
  console.log(`pester exit ${res.status}; results in out/test-results/pester.xml`);
  return res.status === 0;
}

interface Finding {
  Severity: string;
  RuleName: string;
  ScriptName: string;
  Line: number;
  Message: string;
}

function analyze(): boolean {
  const res = pwsh(
    "Invoke-ScriptAnalyzer -Path $env:PS_SRC -Recurse -Settings $env:PS_SETTINGS | " +
      "Select-Object Severity,RuleName,ScriptName,Line,Message | ConvertTo-Json -Depth 3",
    { PS_SRC: MODULE_SRC, PS_SETTINGS: join(ROOT, "PSScriptAnalyzerSettings.psd1") },
  );
  if (res.status !== 0) fail(`PSScriptAnalyzer failed: ${res.stderr.trim()}`);
  const raw = res.stdout.trim();
  const findings: Finding[] = raw ? [].concat(JSON.parse(raw)) : [];
  const severityName = (s: string | number) => (typeof s === "number" ? ["Information", "Warning", "Error"][s] ?? String(s) : s);
  for (const f of findings) {
    console.log(`${severityName(f.Severity).padEnd(11)} ${f.ScriptName}:${f.Line} ${f.RuleName}: ${f.Message}`);
  }
  const errors = findings.filter((f) => severityName(f.Severity) === "Error").length;
  console.log(`${findings.length} finding(s), ${errors} error(s)`);
  writeFileSync(join(RESULTS, "analyzer.json"), JSON.stringify(findings, null, 2));
  return errors === 0;
}

function pack(): string {
  const version = manifestVersion();
  if (existsSync(OUT)) rmSync(OUT, { recursive: true, force: true }); // our own output only
  const dest = join(OUT, "LedgerOps", version);
  mkdirSync(dest, { recursive: true });
  cpSync(MODULE_SRC, dest, {
    recursive: true,
    filter: (src) => !/[\\/](tests?|\.vscode)([\\/]|$)/.test(src) && !src.endsWith(".Tests.ps1"),
  });
  const check = pwsh("Test-ModuleManifest -Path $env:PS_MANIFEST | Select-Object -ExpandProperty Version", {
    PS_MANIFEST: join(dest, "LedgerOps.psd1"),
  });
  if (check.status !== 0) fail(`packed manifest is invalid: ${check.stderr.trim()}`);
  const files = countFiles(dest);
  console.log(`packed LedgerOps ${check.stdout.trim()} (${files} files) into out/psmodule/`);
  return dest;
}

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    n += entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1;
  }
  return n;
}

function main(): void {
  const arg = process.argv[2] ?? "all";
  const steps: Step[] = arg === "all" ? ["analyze", "test", "pack"] : [arg as Step];
  for (const s of steps) if (!["test", "analyze", "pack"].includes(s)) fail(`unknown step ${s}`, 2);
  if (!existsSync(MODULE_SRC)) fail("src/LedgerOps not found");
  requireModules();
  mkdirSync(RESULTS, { recursive: true });
  for (const step of steps) {
    console.log(`\n== ${step}`);
    if (step === "analyze" && !analyze()) fail("PSScriptAnalyzer reported errors");
    if (step === "test" && !runTests()) fail("Pester tests failed");
    if (step === "pack") pack();
  }
}

main();

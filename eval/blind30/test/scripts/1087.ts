/**
 * gretl-batch.ts - run the gretl model scripts of the forecasting course and grade outputs
 *
 *   npx tsx tools/gretl-batch.ts [--only arima] [--keep]
 *
 * Every models/*.inp script runs as `gretlcli -b <script>` (execFile, argv array) in its
 * own temporary working copy of data/, so scripts that write .gdt files cannot clobber the
 * shared datasets. The text output is parsed for the coefficient tables and the model
 * statistics (AIC, BIC, log-likelihood) and compared with models/expected.json within a
 * tolerance. Temporary copies are removed unless --keep is given.
 */
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const MODELS = path.join(ROOT, "models");
const OUT = path.join(ROOT, "build", "gretl");

interface Stats {
  aic?: number;
  bic?: number;
  loglik?: number;
  coefficients: Record<string, number>;
}

interface Expected {
  [script: string]: { aic?: number; bic?: number; coefficients?: Record<string, number>; tolerance?: number };
}

interface Result {
  script: string;
  ok: boolean;
  seconds: number;
  stats: Stats;
  problems: string[];
}

function parseOutput(text: string): Stats {
  const stats: Stats = { coefficients: {} };
  const num = (re: RegExp) => {
    const m = re.exec(text);
    return m ? Number(m[1]) : undefined;
  };
  stats.aic = num(/Akaike criterion\s+(-?[\d.]+)/);
  stats.bic = num(/Schwarz criterion\s+(-?[\d.]+)/);
  stats.loglik = num(/Log-likelihood\s+(-?[\d.]+)/);
  const table = /coefficient\s+std\. error[\s\S]*?\n\s*-+\n([\s\S]*?)\n\s*\n/.exec(text);
  if (table) {
    for (const line of table[1].split("\n")) {
      const m = /^\s*(\S+)\s+(-?[\d.]+(?:e[-+]?\d+)?)/.exec(line);
      if (m) stats.coefficients[m[1]] = Number(m[2]);
    }
  }
  return stats;
}

function compare(script: string, stats: Stats, expected: Expected): string[] {
  const e = expected[script];
  if (!e) return ["no expected values"];
  const tol = e.tolerance ?? 1e-3;
  const problems: string[] = [];
  const close = (a: number | undefined, b: number | undefined) => a !== undefined && b !== undefined && Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
  if (e.aic !== undefined && !close(stats.aic, e.aic)) problems.push(`AIC ${stats.aic} vs ${e.aic}`);
  if (e.bic !== undefined && !close(stats.bic, e.bic)) problems.push(`BIC ${stats.bic} vs ${e.bic}`);
  for (const [name, value] of Object.entries(e.coefficients ?? {})) {
    if (!close(stats.coefficients[name], value)) problems.push(`${name} ${stats.coefficients[name]} vs ${value}`);
  }
  return problems;
}

async function runScript(script: string, keep: boolean): Promise<{ output: string; seconds: number; workdir: string }> {
  const work = mkdtempSync(path.join(os.tmpdir(), `gretl-${path.basename(script, ".inp")}-`));
  cpSync(path.join(ROOT, "data"), work, { recursive: true });
  cpSync(path.join(MODELS, script), path.join(work, script));
  const started = Date.now();
  try {
    const { stdout, stderr } = await execFileP("gretlcli", ["-b", script], { cwd: work, timeout: 10 * 60 * 1000, maxBuffer: 32 * 1024 * 1024 });
    return { output: stdout + stderr, seconds: (Date.now() - started) / 1000, workdir: work };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    return { output: `${e.stdout ?? ""}${e.stderr ?? ""}\n${e.message}`, seconds: (Date.now() - started) / 1000, workdir: work };
  } finally {
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
}

function lintScript(file: string): string[] {
  // course conventions: every script opens its own dataset and ends with "quit"
  const text = readFileSync(file, "utf8");
  const warnings: string[] = [];
  if (!/^\s*open\s+\S+/m.test(text)) warnings.push("no `open <dataset>` line");
  if (!/^\s*quit\s*$/m.test(text)) warnings.push("does not end with `quit`");
  if (/^\s*(shell|!)/m.test(text)) warnings.push("uses shell escapes (not allowed in course material)");
  if (/^\s*set\s+seed\s+/m.test(text) === false && /\b(bootstrap|simulate|randgen)\b/.test(text)) warnings.push("random numbers without `set seed`");
  return warnings;
}

function updateExpected(results: Result[], expected: Expected, file: string): number {
  // --accept writes the current numbers as the new expectations (for instructors)
  let changed = 0;
  for (const r of results) {
    if (r.problems.includes("script error")) continue;
    expected[r.script] = {
      ...(expected[r.script] ?? {}),
      aic: r.stats.aic,
      bic: r.stats.bic,
      coefficients: r.stats.coefficients,
    };
    changed++;
  }
  writeFileSync(file, `${JSON.stringify(expected, null, 2)}\n`);
  return changed;
}

function timingNotes(results: Result[]): string[] {
  const slow = results.filter((r) => r.seconds > 60);
  return slow.map((r) => `${r.script} took ${r.seconds.toFixed(0)} s; students on lab PCs will wait even longer`);
}

function report(results: Result[]): string {
  const lines = ["# gretl batch", "", "| script | result | seconds | AIC | problems |", "|---|---|---:|---:|---|"];
  for (const r of results) {
    lines.push(`| ${r.script} | ${r.ok ? "ok" : "FAILED"} | ${r.seconds.toFixed(1)} | ${r.stats.aic ?? "-"} | ${r.problems.join("; ")} |`);
  }
  return lines.join("\n") + "\n";
}

function usage(): void {
  console.log("usage: gretl-batch.ts [--only NAME] [--keep] [--accept]");
  console.log("  --only NAME   run only scripts whose file name contains NAME");
  console.log("  --keep        keep the temporary working copies for debugging");
  console.log("  --accept      store the current results as the expected values");
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes("-h") || argv.includes("--help")) {
    usage();
    return;
  }
  const keep = argv.includes("--keep");
  const oi = argv.indexOf("--only");
  const filter = oi >= 0 ? argv[oi + 1] : null;
  await execFileP("gretlcli", ["--version"]).catch(() => {
    throw new Error("gretlcli not installed");
  });
  const expectedFile = path.join(MODELS, "expected.json");
  const expected: Expected = existsSync(expectedFile) ? (JSON.parse(readFileSync(expectedFile, "utf8")) as Expected) : {};
  const scripts = readdirSync(MODELS).filter((f) => f.endsWith(".inp") && (!filter || f.includes(filter))).sort();
  if (!scripts.length) throw new Error("no model scripts selected");
  mkdirSync(OUT, { recursive: true });
  const results: Result[] = [];
  for (const script of scripts) {
    for (const w of lintScript(path.join(MODELS, script))) console.log(`lint  ${script}: ${w}`);
    const { output, seconds, workdir } = await runScript(script, keep);
    writeFileSync(path.join(OUT, script.replace(/\.inp$/, ".txt")), output);
    const failed = /Error executing script|\*\*\* error/.test(output);
    const stats = parseOutput(output);
    const problems = failed ? ["script error"] : compare(script, stats, expected);
    results.push({ script, ok: !failed && problems.length === 0, seconds, stats, problems });
    console.log(`${failed ? "ERROR" : problems.length ? "DIFF " : "ok   "} ${script} (${seconds.toFixed(1)}s)${keep ? ` work: ${workdir}` : ""}`);
  }
  writeFileSync(path.join(OUT, "report.md"), report(results));
  writeFileSync(path.join(OUT, "report.json"), JSON.stringify(results, null, 2));
  for (const n of timingNotes(results)) console.log(`note: ${n}`);
  if (argv.includes("--accept")) {
    console.log(`expected values updated for ${updateExpected(results, expected, expectedFile)} script(s)`);
  }
  const bad = results.filter((r) => !r.ok).length;
  console.log(`${results.length - bad}/${results.length} scripts match the expected output; report in build/gretl/report.md`);
  process.exitCode = bad ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`gretl-batch: ${err.message}`);
  process.exit(2);
});

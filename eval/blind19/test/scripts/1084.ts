// analysis/schedule.ts - run parameterised notebooks for several regions in parallel.
//
// For each region in analysis/regions.json, papermill executes
// analysis/templates/<notebook>.ipynb with region-specific parameters into
// analysis/runs/<date>/<region>/. A concurrency limit keeps the laptop usable;
// failed runs are retried once. The runs/ tree belongs to this script and
// folders older than --keep-days are deleted.

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

interface Region {
  code: string;
  currency: string;
  timezone: string;
  enabled?: boolean;
}

interface RunResult {
  region: string;
  notebook: string;
  ok: boolean;
  attempts: number;
  seconds: number;
  output: string;
}

const ROOT = path.resolve(__dirname, "..");
const TEMPLATES = path.join(ROOT, "analysis", "templates");
const RUNS = path.join(ROOT, "analysis", "runs");
const REGIONS_FILE = path.join(ROOT, "analysis", "regions.json");
const PYTHON = process.env.PYTHON ?? path.join(ROOT, ".venv", "bin", "python");

function args(argv: string[]) {
  const get = (flag: string, fallback: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : fallback;
  };
  return {
    notebook: get("--notebook", "weekly_sales"),
    concurrency: Number(get("--concurrency", "2")),
    keepDays: Number(get("--keep-days", "30")),
    only: get("--region", ""),
  };
}

function regions(only: string): Region[] {
  const all = JSON.parse(readFileSync(REGIONS_FILE, "utf8")) as Region[];
  return all.filter((r) => r.enabled !== false && (!only || r.code === only));
}

function papermill(template: string, output: string, region: Region, date: string): Promise<number> {
  const argv = [
    "-m", "papermill", template, output,
    "-p", "region", region.code,
    "-p", "currency", region.currency,
    "-p", "timezone", region.timezone,
    "-p", "run_date", date,
    "--log-output", "--no-progress-bar",
  ];
  return new Promise((resolve) => {
    const log = `${output}.log`;
    const child = spawn(PYTHON, argv, { cwd: ROOT, env: { ...process.env, MPLBACKEND: "Agg" } });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (d) => chunks.push(d));
    child.stderr.on("data", (d) => chunks.push(d));
    child.on("close", (code) => {
      writeFileSync(log, Buffer.concat(chunks));
      resolve(code ?? 1);
    });
  });
}

async function runRegion(region: Region, notebook: string, date: string): Promise<RunResult> {
  const template = path.join(TEMPLATES, `${notebook}.ipynb`);
  const dir = path.join(RUNS, date, region.code);
  mkdirSync(dir, { recursive: true });
  const output = path.join(dir, `${notebook}.ipynb`);
  const started = Date.now();
  let attempts = 0;
  let code = 1;
  while (attempts < 2 && code !== 0) {
    attempts++;
    code = await papermill(template, output, region, date);
  }
  return {
    region: region.code,
    notebook,
    ok: code === 0,
    attempts,
    seconds: Math.round((Date.now() - started) / 1000),
    output: path.relative(ROOT, output),
  };
}

async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      results.push(await fn(item));
    }
  });
  await Promise.all(workers);
  return results;
}

function pruneOld(keepDays: number): string[] {
  if (!existsSync(RUNS)) return [];
  const cutoff = Date.now() - keepDays * 86_400_000;
  const removed: string[] = [];
  for (const name of readdirSync(RUNS)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(name)) continue;
    const dir = path.join(RUNS, name);
    if (statSync(dir).mtimeMs < cutoff) {
      rmSync(dir, { force: true, recursive: true });
      removed.push(name);
    }
  }
  return removed;
}

function summaryTable(results: RunResult[]): string {
  const lines = ["region  status  tries  seconds  output"];
  for (const r of results.sort((a, b) => a.region.localeCompare(b.region))) {
    lines.push(`${r.region.padEnd(7)} ${(r.ok ? "ok" : "FAIL").padEnd(7)} ${String(r.attempts).padEnd(6)} ${String(r.seconds).padEnd(8)} ${r.output}`);
  }
  return lines.join("\n");
}

function indexPage(date: string, results: RunResult[]): string {
  const rows = results
    .map((r) => {
      const rel = path.relative(path.join(RUNS, date), path.join(ROOT, r.output));
      return `<tr><td>${r.region}</td><td>${r.ok ? "ok" : "FAILED"}</td><td><a href="${rel}">${path.basename(r.output)}</a></td><td>${r.seconds}s</td></tr>`;
    })
    .join("\n");
  return `<!doctype html><meta charset="utf-8"><title>${date}</title><table>\n${rows}\n</table>\n`;
}

function failedLogs(results: RunResult[]): void {
  for (const r of results.filter((x) => !x.ok)) {
    const log = path.join(ROOT, `${r.output}.log`);
    if (!existsSync(log)) continue;
    const tail = readFileSync(log, "utf8").trim().split("\n").slice(-8).join("\n    ");
    console.log(`\n${r.region} failed; last log lines:\n    ${tail}`);
  }
}

function checkEnvironment(notebook: string): void {
  if (!existsSync(PYTHON)) throw new Error(`python not found at ${PYTHON} (make venv)`);
  if (!existsSync(path.join(TEMPLATES, `${notebook}.ipynb`))) throw new Error(`no template ${notebook}.ipynb`);
  const probe = spawn(PYTHON, ["-c", "import papermill"], { stdio: "ignore" });
  probe.on("exit", (code) => {
    if (code !== 0) console.error("warning: papermill is not importable in the venv");
  });
}

async function main(): Promise<void> {
  const opts = args(process.argv.slice(2));
  checkEnvironment(opts.notebook);
  const date = new Date().toISOString().slice(0, 10);
  const list = regions(opts.only);
  if (list.length === 0) throw new Error("no enabled regions selected");
  console.log(`running ${opts.notebook} for ${list.length} region(s), ${opts.concurrency} at a time`);
  const results = await pool(list, opts.concurrency, (r) => runRegion(r, opts.notebook, date));
  console.log(summaryTable(results));
  writeFileSync(path.join(RUNS, date, "summary.json"), JSON.stringify(results, null, 2));
  writeFileSync(path.join(RUNS, date, "index.html"), indexPage(date, results));
  failedLogs(results);
  const removed = pruneOld(opts.keepDays);
  if (removed.length) console.log(`pruned ${removed.length} old run folder(s)`);
  if (results.some((res) => !res.ok)) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`schedule: ${err.message}`);
  process.exitCode = 1;
});

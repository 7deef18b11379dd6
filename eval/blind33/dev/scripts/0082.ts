#!/usr/bin/env -S npx tsx
/**
 * Aggregate DVC experiment results into a leaderboard.
 *
 * Runs `dvc exp show --json` (argv, no shell) in the repository, flattens the
 * params/metrics of every experiment, ranks them by the metric configured in
 * dvc-leaderboard.json and writes:
 *   reports/leaderboard.md     markdown table for the PR comment
 *   reports/leaderboard.csv    for the notebook
 * With --queue <n> it also enqueues the n best parameter sets for a longer
 * run (`dvc exp run --queue -S key=value ...`); --run-queue starts the queue
 * workers with `dvc queue start --jobs 2` and waits for them.
 *
 *   npx tsx tools/exp-leaderboard.ts
 *   npx tsx tools/exp-leaderboard.ts --queue 3 --set train.epochs=50
 */
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = resolve(__dirname, "..");
const CONFIG = join(ROOT, "dvc-leaderboard.json");
const REPORTS = join(ROOT, "reports");

interface Config {
  metric: string;
  mode: "max" | "min";
  params: string[];
  extraMetrics?: string[];
}

type Scalar = string | number | boolean | null;

interface Row {
  name: string;
  rev: string;
  params: Record<string, Scalar>;
  metrics: Record<string, number>;
}

interface ExpShowRev {
  rev: string;
  name?: string;
  data?: {
    params?: Record<string, { data?: Record<string, unknown> }>;
    metrics?: Record<string, { data?: Record<string, unknown> }>;
  };
  experiments?: { revs: ExpShowRev[] }[] | null;
}

async function dvc(args: string[], timeoutMs = 300_000): Promise<string> {
  try {
    const { stdout } = await run("dvc", args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`dvc ${args.join(" ")} failed: ${(e.stderr ?? e.message).trim().slice(-800)}`);
  }
}

function flatten(prefix: string, value: unknown, out: Record<string, unknown>): void {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(prefix ? `${prefix}.${k}` : k, v, out);
  } else {
    out[prefix] = value;
  }
}

function toRow(rev: ExpShowRev): Row | null {
  const params: Record<string, unknown> = {};
  const metrics: Record<string, unknown> = {};
  for (const file of Object.values(rev.data?.params ?? {})) flatten("", file.data ?? {}, params);
  for (const file of Object.values(rev.data?.metrics ?? {})) flatten("", file.data ?? {}, metrics);
  const numeric = Object.fromEntries(
    Object.entries(metrics).filter((e): e is [string, number] => typeof e[1] === "number"),
  );
  if (!Object.keys(numeric).length) return null;
  return {
    name: rev.name ?? rev.rev.slice(0, 7),
    rev: rev.rev.slice(0, 7),
    params: params as Record<string, Scalar>,
    metrics: numeric,
  };
}

function collect(payload: ExpShowRev[]): Row[] {
  const rows: Row[] = [];
  const visit = (rev: ExpShowRev) => {
    const row = toRow(rev);
    if (row) rows.push(row);
    for (const group of rev.experiments ?? []) for (const r of group.revs) visit(r);
  };
  payload.forEach(visit);
  const seen = new Set<string>();
  return rows.filter((r) => (seen.has(r.rev) ? false : (seen.add(r.rev), true)));
}

function rank(rows: Row[], cfg: Config): Row[] {
  const sign = cfg.mode === "max" ? -1 : 1;
  return rows
    .filter((r) => typeof r.metrics[cfg.metric] === "number")
    .sort((a, b) => sign * (a.metrics[cfg.metric] - b.metrics[cfg.metric]));
}

function fmt(v: unknown): string {
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : v.toFixed(4);
  return v === undefined || v === null ? "" : String(v);
}

function writeAtomic(file: string, text: string): void {
  mkdirSync(REPORTS, { recursive: true });
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

function markdown(rows: Row[], cfg: Config): string {
  const metricCols = [cfg.metric, ...(cfg.extraMetrics ?? [])];
  const header = ["#", "experiment", ...metricCols, ...cfg.params];
  const lines = [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`];
  rows.slice(0, 20).forEach((r, i) => {
    const cells = [String(i + 1), `${r.name} (\`${r.rev}\`)`, ...metricCols.map((m) => fmt(r.metrics[m])), ...cfg.params.map((p) => fmt(r.params[p]))];
    lines.push(`| ${cells.join(" | ")} |`);
  });
  return `## Experiment leaderboard (${cfg.mode} ${cfg.metric})\n\n${lines.join("\n")}\n`;
}

function csv(rows: Row[], cfg: Config): string {
  const cols = [...new Set([cfg.metric, ...(cfg.extraMetrics ?? [])])];
  const esc = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const out = [["name", "rev", ...cols, ...cfg.params].join(",")];
  for (const r of rows) out.push([r.name, r.rev, ...cols.map((c) => fmt(r.metrics[c])), ...cfg.params.map((p) => fmt(r.params[p]))].map(esc).join(","));
  return `${out.join("\n")}\n`;
}

function validParam(kv: string): boolean {
  return /^[A-Za-z0-9_.]+=[A-Za-z0-9_.:/-]+$/.test(kv);
}

async function enqueue(rows: Row[], cfg: Config, n: number, extra: string[]): Promise<void> {
  for (const s of extra) if (!validParam(s)) throw new Error(`invalid --set ${s}`);
  for (const r of rows.slice(0, n)) {
    const sets = cfg.params.filter((p) => r.params[p] !== undefined).map((p) => `${p}=${r.params[p]}`);
    const args = ["exp", "run", "--queue", "--name", `long-${r.rev}`];
    for (const s of [...sets, ...extra]) {
      if (!validParam(s)) throw new Error(`parameter ${s} has unexpected characters`);
      args.push("-S", s);
    }
    await dvc(args);
    console.log(`queued long-${r.rev}: ${[...sets, ...extra].join(" ")}`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const cfg = JSON.parse(readFileSync(CONFIG, "utf8")) as Config;
  const queueIdx = args.indexOf("--queue");
  const extra = args.flatMap((a, i) => (args[i - 1] === "--set" ? [a] : []));

  const payload = JSON.parse(await dvc(["exp", "show", "--json", "--all-commits"])) as ExpShowRev[];
  const ranked = rank(collect(payload), cfg);
  if (!ranked.length) {
    console.log(`no experiments with metric ${cfg.metric}`);
    return;
  }
  writeAtomic(join(REPORTS, "leaderboard.md"), markdown(ranked, cfg));
  writeAtomic(join(REPORTS, "leaderboard.csv"), csv(ranked, cfg));
  console.log(`best: ${ranked[0].name} ${cfg.metric}=${fmt(ranked[0].metrics[cfg.metric])} (${ranked.length} experiments)`);

  if (queueIdx >= 0) await enqueue(ranked, cfg, Number(args[queueIdx + 1] ?? 3), extra);
  if (args.includes("--run-queue")) {
    await dvc(["queue", "start", "--jobs", "2"]);
    console.log("queue workers started; follow with `dvc queue status`");
  }
}

main().catch((err: Error) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 1;
});

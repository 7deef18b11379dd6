// tools/k6-report.ts - turn k6 `--summary-export` JSON files into a markdown
// report with threshold status, percentiles per tagged endpoint, and a
// comparison against a baseline summary committed in loadtests/baselines/.
//
//   npx tsx tools/k6-report.ts loadtests/results/checkout.json
//   npx tsx tools/k6-report.ts loadtests/results/*.json --baseline loadtests/baselines/main.json
//   npx tsx tools/k6-report.ts results.json --fail-on-regression 10
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve, sep } from "node:path";

interface Metric {
  type?: string;
  contains?: string;
  avg?: number;
  min?: number;
  med?: number;
  max?: number;
  "p(90)"?: number;
  "p(95)"?: number;
  "p(99)"?: number;
  count?: number;
  rate?: number;
  value?: number;
  passes?: number;
  fails?: number;
  thresholds?: Record<string, boolean>;
}

interface Summary {
  metrics: Record<string, Metric>;
  root_group?: { checks?: Record<string, { passes: number; fails: number }> };
}

interface Row {
  name: string;
  p95: number | null;
  p99: number | null;
  avg: number | null;
  count: number | null;
}

const ROOT = process.cwd();
const OUT_DIR = join(ROOT, "reports", "k6");

function parseArgs(argv: string[]) {
  const files: string[] = [];
  let baseline: string | null = null;
  let failPct: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--baseline") baseline = argv[++i];
    else if (argv[i] === "--fail-on-regression") failPct = Number(argv[++i]);
    else files.push(argv[i]);
  }
  if (!files.length) throw new Error("usage: k6-report.ts <summary.json...> [--baseline file] [--fail-on-regression pct]");
  for (const f of [...files, ...(baseline ? [baseline] : [])]) {
    const abs = resolve(f);
    if (!abs.startsWith(ROOT + sep)) throw new Error(`${f} is outside the repository`);
    if (!existsSync(abs)) throw new Error(`${f} not found`);
  }
  if (failPct !== null && (!Number.isFinite(failPct) || failPct <= 0)) throw new Error("--fail-on-regression must be > 0");
  return { files, baseline, failPct };
}

function load(file: string): Summary {
  return JSON.parse(readFileSync(file, "utf8")) as Summary;
}

function endpointRows(s: Summary): Row[] {
  const rows: Row[] = [];
  for (const [name, m] of Object.entries(s.metrics)) {
    if (!name.startsWith("http_req_duration")) continue;
    const label = name === "http_req_duration" ? "(all requests)" : name.replace(/^http_req_duration\{(.*)\}$/, "$1");
    rows.push({ name: label, p95: m["p(95)"] ?? null, p99: m["p(99)"] ?? null, avg: m.avg ?? null, count: m.count ?? null });
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

function thresholds(s: Summary): Array<{ metric: string; expr: string; ok: boolean }> {
  const out: Array<{ metric: string; expr: string; ok: boolean }> = [];
  for (const [metric, m] of Object.entries(s.metrics)) {
    for (const [expr, failed] of Object.entries(m.thresholds ?? {})) {
      // in summary-export, `true` means the threshold was crossed
      out.push({ metric, expr, ok: !failed });
    }
  }
  return out;
}

function checks(s: Summary): Array<{ name: string; passes: number; fails: number }> {
  return Object.entries(s.root_group?.checks ?? {}).map(([name, c]) => ({ name, passes: c.passes, fails: c.fails }));
}

function fmt(n: number | null): string {
  return n === null ? "-" : n.toFixed(1);
}

function delta(now: number | null, then: number | null): string {
  if (now === null || then === null || then === 0) return "";
  const d = ((now - then) / then) * 100;
  return ` (${d >= 0 ? "+" : ""}${d.toFixed(1)}%)`;
}

function report(file: string, s: Summary, base: Summary | null): { md: string; worst: number } {
  const rows = endpointRows(s);
  const baseRows = new Map((base ? endpointRows(base) : []).map((r) => [r.name, r]));
  let worst = 0;
  const lines = [`## ${basename(file)}`, "", "| endpoint | requests | avg ms | p95 ms | p99 ms |", "| --- | --- | --- | --- | --- |"];
  for (const r of rows) {
    const b = baseRows.get(r.name);
    if (b && r.p95 !== null && b.p95) worst = Math.max(worst, ((r.p95 - b.p95) / b.p95) * 100);
    lines.push(`| ${r.name} | ${r.count ?? "-"} | ${fmt(r.avg)} | ${fmt(r.p95)}${delta(r.p95, b?.p95 ?? null)} | ${fmt(r.p99)} |`);
  }
  const th = thresholds(s);
  if (th.length) {
    lines.push("", "### Thresholds", "");
    for (const t of th) lines.push(`- ${t.ok ? ":white_check_mark:" : ":x:"} \`${t.metric}\` ${t.expr}`);
  }
  const ch = checks(s);
  if (ch.length) {
    lines.push("", "### Checks", "");
    for (const c of ch) lines.push(`- ${c.fails ? ":x:" : ":white_check_mark:"} ${c.name}: ${c.passes} passed, ${c.fails} failed`);
  }
  const errRate = s.metrics.http_req_failed?.rate ?? s.metrics.http_req_failed?.value;
  if (errRate !== undefined) lines.push("", `Error rate: ${(errRate * 100).toFixed(2)}%`);
  return { md: lines.join("\n"), worst };
}

function main(): void {
  const { files, baseline, failPct } = parseArgs(process.argv.slice(2));
  const base = baseline ? load(baseline) : null;
  const parts: string[] = ["# k6 load test report", "", `Generated ${new Date().toISOString()}`, ""];
  let worst = 0;
  for (const f of files) {
    const r = report(f, load(f), base);
    parts.push(r.md, "");
    worst = Math.max(worst, r.worst);
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const out = join(OUT_DIR, `report-${Date.now()}.md`);
  writeFileSync(out, parts.join("\n"));
  console.log(parts.join("\n"));
  console.log(`\nwritten ${out}`);
  if (failPct !== null && worst > failPct) {
    console.error(`p95 regression of ${worst.toFixed(1)}% exceeds ${failPct}%`);
    process.exitCode = 1;
  }
}

try {
  main();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}

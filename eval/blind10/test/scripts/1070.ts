// Compare two k6 load-test summaries (summary-export JSON) and flag
// regressions in latency percentiles, error rate and throughput.
//   tsx tools/k6-compare.ts results/baseline.json results/candidate.json
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

interface Metric {
  avg?: number;
  med?: number;
  "p(90)"?: number;
  "p(95)"?: number;
  rate?: number;
  count?: number;
  value?: number;
}

interface Summary {
  metrics: Record<string, Metric>;
}

interface Row {
  metric: string;
  field: keyof Metric;
  baseline: number;
  candidate: number;
  deltaPct: number;
  verdict: "ok" | "worse" | "better";
}

const CHECKS: { metric: string; field: keyof Metric; higherIsWorse: boolean; tolerancePct: number }[] = [
  { metric: "http_req_duration", field: "p(95)", higherIsWorse: true, tolerancePct: 10 },
  { metric: "http_req_duration", field: "med", higherIsWorse: true, tolerancePct: 10 },
  { metric: "http_req_failed", field: "rate", higherIsWorse: true, tolerancePct: 0 },
  { metric: "http_reqs", field: "rate", higherIsWorse: false, tolerancePct: 5 },
  { metric: "iteration_duration", field: "avg", higherIsWorse: true, tolerancePct: 15 },
];

async function load(file: string): Promise<Summary> {
  return JSON.parse(await readFile(file, "utf8")) as Summary;
}

function compare(base: Summary, cand: Summary): Row[] {
  return CHECKS.flatMap(({ metric, field, higherIsWorse, tolerancePct }) => {
    const b = base.metrics[metric]?.[field];
    const c = cand.metrics[metric]?.[field];
    if (typeof b !== "number" || typeof c !== "number") return [];
    const deltaPct = b === 0 ? (c === 0 ? 0 : 100) : ((c - b) / b) * 100;
    const worse = higherIsWorse ? deltaPct > tolerancePct : deltaPct < -tolerancePct;
    const better = higherIsWorse ? deltaPct < -tolerancePct : deltaPct > tolerancePct;
    return [{ metric, field, baseline: b, candidate: c, deltaPct, verdict: worse ? "worse" : better ? "better" : "ok" }];
  });
}

function fmt(n: number): string {
  return Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(3);
}

function toMarkdown(rows: Row[], baseFile: string, candFile: string): string {
  const head = `| metric | field | ${path.basename(baseFile)} | ${path.basename(candFile)} | delta | verdict |`;
  const lines = rows.map(
    (r) =>
      `| ${r.metric} | ${String(r.field)} | ${fmt(r.baseline)} | ${fmt(r.candidate)} | ${r.deltaPct >= 0 ? "+" : ""}${r.deltaPct.toFixed(1)}% | ${r.verdict} |`,
  );
  return ["# k6 comparison", "", head, "|---|---|---|---|---|---|", ...lines, ""].join("\n");
}

async function main(): Promise<void> {
  const [baseFile, candFile] = process.argv.slice(2);
  if (!baseFile || !candFile) {
    console.error("usage: k6-compare.ts <baseline.json> <candidate.json> [--out report.md]");
    process.exitCode = 2;
    return;
  }
  const rows = compare(await load(baseFile), await load(candFile));
  const md = toMarkdown(rows, baseFile, candFile);
  console.log(md);
  const outIdx = process.argv.indexOf("--out");
  if (outIdx > 0 && process.argv[outIdx + 1]) {
    await writeFile(process.argv[outIdx + 1], md);
    console.log(`report written to ${process.argv[outIdx + 1]}`);
  }
  const regressions = rows.filter((r) => r.verdict === "worse");
  if (regressions.length) {
    console.error(`${regressions.length} regression(s) beyond tolerance`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});

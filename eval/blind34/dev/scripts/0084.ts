#!/usr/bin/env -S npx tsx
/**
 * senaite-samples.ts — pull the sample results for a batch from the lab's
 * SENAITE LIMS (JSON API) and write the tidy CSV the analysis notebooks use.
 *
 * SENAITE runs at https://lims.lab.internal; credentials are the project's
 * service account (SENAITE_USER / SENAITE_PASSWORD in .env), sent as basic
 * auth to that host only.  Read-only: only GET /@@API/senaite/v1/... search
 * endpoints are used.  Attachment PDFs (COAs) arrive base64-encoded in the
 * JSON and are decoded into build/lims/<batch>/coa/.
 *
 *   npx tsx tools/senaite-samples.ts --batch B-2024-017
 *   npx tsx tools/senaite-samples.ts --batch B-2024-017 --with-coa
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BASE = "https://lims.lab.internal/senaite/@@API/senaite/v1";

interface Analysis {
  getKeyword: string;
  getResult: string;
  getUnit?: string;
  review_state: string;
  getDateAnalysisPublished?: string;
}

interface Sample {
  uid: string;
  getId: string;
  getClientSampleID?: string;
  getSampleTypeTitle: string;
  getDateSampled?: string;
  review_state: string;
}

interface SearchResult<T> {
  count: number;
  items: T[];
  next: string | null;
}

function env(): Record<string, string> {
  const out: Record<string, string> = {};
  const file = join(ROOT, ".env");
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const i = line.indexOf("=");
      if (i > 0) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return { ...out, ...(process.env as Record<string, string>) };
}

function authHeader(): string {
  const e = env();
  if (!e.SENAITE_USER || !e.SENAITE_PASSWORD) throw new Error("SENAITE_USER / SENAITE_PASSWORD missing in .env");
  return `Basic ${Buffer.from(`${e.SENAITE_USER}:${e.SENAITE_PASSWORD}`).toString("base64")}`;
}

async function get<T>(url: string, auth: string): Promise<T> {
  if (!url.startsWith(BASE)) throw new Error(`unexpected URL ${url}`);
  for (let attempt = 0; attempt < 4; attempt++) {
    const res = await fetch(url, { headers: { Authorization: auth, Accept: "application/json" } });
    if (res.status >= 500) {
      await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
      continue;
    }
    if (!res.ok) throw new Error(`GET ${url.slice(BASE.length)}: ${res.status}`);
    return (await res.json()) as T;
  }
  throw new Error(`GET ${url}: server kept failing`);
}

async function* search<T>(portalType: string, query: Record<string, string>, auth: string): AsyncGenerator<T> {
  const params = new URLSearchParams({ portal_type: portalType, complete: "true", limit: "100", ...query });
  let url: string | null = `${BASE}/search?${params}`;
  while (url) {
    const page: SearchResult<T> = await get<SearchResult<T>>(url, auth);
    yield* page.items;
    url = page.next;
  }
}

function safeName(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80);
}

async function exportCoas(sample: Sample, dir: string, auth: string): Promise<number> {
  let n = 0;
  for await (const att of search<{ getFilename?: string; AttachmentFile?: { data: string; filename: string } }>(
    "Attachment",
    { getParentUID: sample.uid },
    auth,
  )) {
    const file = att.AttachmentFile;
    if (!file?.data) continue;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${sample.getId}-${safeName(file.filename)}`), Buffer.from(file.data, "base64"));
    n++;
  }
  return n;
}

function toCsv(rows: Array<Record<string, string>>): string {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const esc = (v = "") => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [cols.join(","), ...rows.map((r) => cols.map((c) => esc(r[c])).join(","))].join("\n") + "\n";
}

/**
 * Wide format for the notebooks: one row per sample, one column per analysis
 * keyword.  Results that are not numbers (e.g. "< LOQ") are kept as text.
 */
function pivot(rows: Array<Record<string, string>>): Array<Record<string, string>> {
  const bySample = new Map<string, Record<string, string>>();
  for (const r of rows) {
    const entry = bySample.get(r.sample_id) ?? {
      sample_id: r.sample_id,
      client_sample_id: r.client_sample_id,
      sample_type: r.sample_type,
      sampled_at: r.sampled_at,
    };
    entry[r.unit ? `${r.keyword} [${r.unit}]` : r.keyword] = r.result;
    bySample.set(r.sample_id, entry);
  }
  return [...bySample.values()].sort((a, b) => a.sample_id.localeCompare(b.sample_id));
}

/** Flag results below the limit of quantification so they are not averaged blindly. */
function loqCount(rows: Array<Record<string, string>>): number {
  return rows.filter((r) => /^\s*[<>]/.test(r.result)).length;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const batch = args[args.indexOf("--batch") + 1];
  if (!batch || batch.startsWith("--") || !/^B-\d{4}-\d{3}$/.test(batch)) {
    throw new Error("usage: senaite-samples.ts --batch B-YYYY-NNN [--with-coa]");
  }
  const withCoa = args.includes("--with-coa");
  const auth = authHeader();
  const outDir = join(ROOT, "build", "lims", batch);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const rows: Array<Record<string, string>> = [];
  let samples = 0;
  let coas = 0;
  for await (const sample of search<Sample>("AnalysisRequest", { getBatchID: batch }, auth)) {
    samples++;
    const base = {
      sample_id: sample.getId,
      client_sample_id: sample.getClientSampleID ?? "",
      sample_type: sample.getSampleTypeTitle,
      sampled_at: sample.getDateSampled ?? "",
      sample_state: sample.review_state,
    };
    for await (const a of search<Analysis>("Analysis", { getRequestUID: sample.uid }, auth)) {
      if (a.review_state === "retracted" || a.review_state === "rejected") continue;
      rows.push({ ...base, keyword: a.getKeyword, result: a.getResult, unit: a.getUnit ?? "", state: a.review_state });
    }
    if (withCoa) coas += await exportCoas(sample, join(outDir, "coa"), auth);
  }

  writeFileSync(join(outDir, "results.csv"), toCsv(rows));
  writeFileSync(join(outDir, "results-wide.csv"), toCsv(pivot(rows)));
  const loq = loqCount(rows);
  if (loq) console.log(`  note: ${loq} result(s) are censored (< / > LOQ)`);
  const unverified = rows.filter((r) => r.state !== "verified" && r.state !== "published").length;
  console.log(`${batch}: ${samples} sample(s), ${rows.length} result(s), ${coas} COA file(s)`);
  if (unverified) console.log(`  note: ${unverified} result(s) are not verified yet`);
  console.log(`  -> ${outDir.slice(ROOT.length + 1)}/results.csv`);
}

main().catch((err: Error) => {
  console.error(`senaite-samples: ${err.message}`);
  process.exitCode = 1;
});

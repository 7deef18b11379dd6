#!/usr/bin/env -S npx tsx
/**
 * replicate-eval.ts — run the evaluation prompts against our model on
 * Replicate and store the outputs for the weekly quality review.
 *
 * The model and version to evaluate come from replicate.config.json in the
 * repo ({"owner": "acme-ml", "model": "sdxl-lora", "version": "<sha>"}).
 * Predictions are created through the documented HTTP API with the
 * project's REPLICATE_API_TOKEN, polled until done, and the output files
 * are downloaded into build/eval/<version>/.
 *
 *   npx tsx tools/replicate-eval.ts                 # all prompts
 *   npx tsx tools/replicate-eval.ts --limit 3       # quick check
 */
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { resolve, dirname, extname } from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const API = "https://api.replicate.com/v1";

interface ModelRef {
  owner: string;
  model: string;
  version: string;
}

interface Prediction {
  id: string;
  status: "starting" | "processing" | "succeeded" | "failed" | "canceled";
  output?: string | string[] | null;
  error?: string | null;
  metrics?: { predict_time?: number };
  urls: { get: string; cancel: string };
}

interface EvalCase {
  id: string;
  input: Record<string, unknown>;
}

function token(): string {
  let value = process.env.REPLICATE_API_TOKEN;
  const envFile = resolve(ROOT, ".env");
  if (!value && existsSync(envFile)) {
    value = readFileSync(envFile, "utf8").match(/^REPLICATE_API_TOKEN=(.+)$/m)?.[1]?.trim();
  }
  if (!value) throw new Error("REPLICATE_API_TOKEN missing");
  return value;
}

function modelRef(): ModelRef {
  const cfg = JSON.parse(readFileSync(resolve(ROOT, "replicate.config.json"), "utf8")) as ModelRef;
  if (!/^[0-9a-f]{64}$/.test(cfg.version)) throw new Error("replicate.config.json: version must be a 64-char sha");
  return cfg;
}

async function api<T>(path: string, init: RequestInit, auth: string): Promise<T> {
  const url = path.startsWith("https://") ? path : `${API}${path}`;
  if (!url.startsWith(API)) throw new Error(`refusing to call ${url}`);
  let delay = 1000;
  for (let attempt = 1; attempt <= 5; attempt++) {
    const res = await fetch(url, {
      ...init,
      headers: { Authorization: `Bearer ${auth}`, "Content-Type": "application/json", ...(init.headers ?? {}) },
    });
    if (res.status === 429 || res.status >= 500) {
      const retryAfter = Number(res.headers.get("retry-after") ?? 0) * 1000;
      await new Promise((r) => setTimeout(r, Math.max(delay, retryAfter)));
      delay *= 2;
      continue;
    }
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  throw new Error(`${path}: too many retries`);
}

async function runCase(ref: ModelRef, c: EvalCase, auth: string): Promise<Prediction> {
  let prediction = await api<Prediction>(
    "/predictions",
    { method: "POST", body: JSON.stringify({ version: ref.version, input: c.input }) },
    auth,
  );
  const started = Date.now();
  while (prediction.status === "starting" || prediction.status === "processing") {
    if (Date.now() - started > 10 * 60 * 1000) {
      await api(prediction.urls.cancel, { method: "POST" }, auth);
      throw new Error(`${c.id}: timed out, prediction ${prediction.id} cancelled`);
    }
    await new Promise((r) => setTimeout(r, 2000));
    prediction = await api<Prediction>(prediction.urls.get, { method: "GET" }, auth);
  }
  return prediction;
}

async function download(url: string, target: string): Promise<void> {
  const host = new URL(url).hostname;
  if (!host.endsWith("replicate.delivery")) throw new Error(`unexpected output host ${host}`);
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`download ${res.status}`);
  await pipeline(Readable.fromWeb(res.body as never), createWriteStream(target));
}

function outputs(p: Prediction): string[] {
  if (!p.output) return [];
  return Array.isArray(p.output) ? p.output : [p.output];
}

/**
 * Compare this run with the previous evaluation of an older version, if one
 * exists under build/eval/, so the review can focus on cases that changed
 * from succeeded to failed (or got much slower).
 */
interface SummaryFile {
  model: ModelRef;
  summary: Array<{ case: string; status: string; seconds?: number | null }>;
}

function previousSummary(currentVersion: string): SummaryFile | null {
  const evalRoot = resolve(ROOT, "build", "eval");
  if (!existsSync(evalRoot)) return null;
  const candidates = readdirSync(evalRoot)
    .filter((d) => d !== currentVersion.slice(0, 12))
    .map((d) => resolve(evalRoot, d, "summary.json"))
    .filter((f) => existsSync(f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return candidates.length ? (JSON.parse(readFileSync(candidates[0], "utf8")) as SummaryFile) : null;
}

function regressions(prev: SummaryFile, now: SummaryFile["summary"]): string[] {
  const before = new Map(prev.summary.map((s) => [s.case, s]));
  const notes: string[] = [];
  for (const s of now) {
    const b = before.get(s.case);
    if (!b) continue;
    if (b.status === "succeeded" && s.status !== "succeeded") notes.push(`${s.case}: now ${s.status}`);
    if (b.seconds && s.seconds && s.seconds > b.seconds * 1.5) {
      notes.push(`${s.case}: ${b.seconds.toFixed(1)} s → ${s.seconds.toFixed(1)} s`);
    }
  }
  return notes;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const limitIdx = args.indexOf("--limit");
  const limit = limitIdx >= 0 ? Number(args[limitIdx + 1]) : Infinity;

  const ref = modelRef();
  const auth = token();
  const cases = (JSON.parse(readFileSync(resolve(ROOT, "eval", "prompts.json"), "utf8")) as EvalCase[]).slice(
    0,
    limit,
  );
  const outDir = resolve(ROOT, "build", "eval", ref.version.slice(0, 12));
  mkdirSync(outDir, { recursive: true });
  console.error(`evaluating ${ref.owner}/${ref.model}@${ref.version.slice(0, 12)} on ${cases.length} case(s)`);

  const summary: Array<Record<string, unknown>> = [];
  for (const c of cases) {
    try {
      const p = await runCase(ref, c, auth);
      const files: string[] = [];
      for (const [i, url] of outputs(p).entries()) {
        const name = `${c.id}-${i}${extname(new URL(url).pathname) || ".bin"}`;
        await download(url, resolve(outDir, name));
        files.push(name);
      }
      summary.push({ case: c.id, status: p.status, seconds: p.metrics?.predict_time ?? null, files, error: p.error });
      console.log(`${p.status === "succeeded" ? "ok  " : "FAIL"} ${c.id} ${files.join(", ")}`);
    } catch (err) {
      summary.push({ case: c.id, status: "error", error: (err as Error).message });
      console.log(`ERR  ${c.id} ${(err as Error).message}`);
    }
  }

  writeFileSync(resolve(outDir, "summary.json"), JSON.stringify({ model: ref, summary }, null, 2));
  const failed = summary.filter((s) => s.status !== "succeeded").length;
  const secs = summary.reduce((t, s) => t + Number(s.seconds ?? 0), 0);
  console.log(`\n${cases.length - failed}/${cases.length} succeeded, ${secs.toFixed(1)} s of GPU time`);
  const prev = previousSummary(ref.version);
  if (prev) {
    const notes = regressions(prev, summary as SummaryFile["summary"]);
    console.log(`compared with ${prev.model.version.slice(0, 12)}: ${notes.length ? "" : "no regressions"}`);
    for (const n of notes) console.log(`  - ${n}`);
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`replicate-eval: ${err.message}`);
  process.exitCode = 1;
});

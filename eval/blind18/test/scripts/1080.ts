#!/usr/bin/env -S npx tsx
// Regression tests for the LLM-backed address normaliser, against the local
// Ollama daemon (127.0.0.1:11434) so no data leaves the machine.
//
// Cases live in evals/address/*.jsonl: {"input": "...", "expect": {...}}.
// Model answers are cached under .cache/address-evals/<model>/ keyed by the
// prompt hash; --fresh ignores the cache. Results go to evals/address/report.md.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CASES = path.join(ROOT, "evals", "address");
const CACHE = path.join(ROOT, ".cache", "address-evals");
const OLLAMA = "http://127.0.0.1:11434";
const MODELS = (process.env.EVAL_MODELS ?? "acme-address,llama3.1:8b").split(",");
const PROMPT = readFileSync(path.join(ROOT, "prompts", "normalise-address.txt"), "utf8");

interface Case {
  id: string;
  input: string;
  expect: Record<string, string>;
}

// One result row per (model, case). `cached` tells whether the answer came
// from .cache/address-evals instead of a fresh generation.
interface Outcome {
  model: string;
  id: string;
  ok: boolean;
  diffs: string[];
  cached: boolean;
}

function loadCases(): Case[] {
  const out: Case[] = [];
  for (const f of readdirSync(CASES).filter((n) => n.endsWith(".jsonl")).sort()) {
    readFileSync(path.join(CASES, f), "utf8")
      .split("\n")
      .filter(Boolean)
      .forEach((line, i) => {
        const c = JSON.parse(line) as Omit<Case, "id"> & { id?: string };
        out.push({ id: c.id ?? `${f}:${i + 1}`, input: c.input, expect: c.expect });
      });
  }
  return out;
}

function key(model: string, input: string): string {
  return createHash("sha256").update(model).update("\0").update(PROMPT).update("\0").update(input).digest("hex");
}

function cacheFile(model: string, k: string): string {
  return path.join(CACHE, model.replace(/[:/]/g, "_"), `${k}.json`);
}

async function generate(model: string, input: string): Promise<string> {
  const res = await fetch(`${OLLAMA}/api/generate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model,
      prompt: `${PROMPT}\n\nAddress: ${input}\nJSON:`,
      stream: false,
      format: "json",
      options: { temperature: 0 },
    }),
  });
  if (!res.ok) {
    throw new Error(`ollama ${model}: HTTP ${res.status}`);
  }
  const body = (await res.json()) as { response: string };
  return body.response;
}

async function answer(model: string, input: string, fresh: boolean): Promise<{ text: string; cached: boolean }> {
  const k = key(model, input);
  const file = cacheFile(model, k);
  if (!fresh && existsSync(file)) {
    return { text: JSON.parse(readFileSync(file, "utf8")).text, cached: true };
  }
  const text = await generate(model, input);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  writeFileSync(file, JSON.stringify({ model, text }));
  return { text, cached: false };
}

function compare(expect: Record<string, string>, text: string): string[] {
  let got: Record<string, unknown>;
  try {
    got = JSON.parse(text);
  } catch {
    return ["answer is not JSON"];
  }
  const diffs: string[] = [];
  for (const [field, want] of Object.entries(expect)) {
    const value = String(got[field] ?? "").trim();
    if (value.toLowerCase() !== want.toLowerCase()) {
      diffs.push(`${field}: got "${value}", want "${want}"`);
    }
  }
  return diffs;
}

function report(outcomes: Outcome[]): string {
  const lines = ["# Address normaliser evals", "", "| model | passed | total |", "|---|---:|---:|"];
  for (const model of MODELS) {
    const mine = outcomes.filter((o) => o.model === model);
    lines.push(`| ${model} | ${mine.filter((o) => o.ok).length} | ${mine.length} |`);
  }
  const failures = outcomes.filter((o) => !o.ok);
  if (failures.length) {
    lines.push("", "## Failures", "");
    for (const f of failures.slice(0, 50)) {
      lines.push(`- **${f.model}** ${f.id}: ${f.diffs.join("; ")}`);
    }
  }
  return lines.join("\n") + "\n";
}

// Which of the configured models are actually present locally; missing ones
// are reported with the pull command instead of failing every case.
async function availableModels(): Promise<Set<string>> {
  const res = await fetch(`${OLLAMA}/api/tags`);
  if (!res.ok) {
    return new Set();
  }
  const body = (await res.json()) as { models: { name: string }[] };
  const names = new Set<string>();
  for (const m of body.models) {
    names.add(m.name);
    names.add(m.name.replace(/:latest$/, ""));
  }
  return names;
}

async function daemonUp(): Promise<boolean> {
  try {
    return (await fetch(`${OLLAMA}/api/version`)).ok;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes("--clear-cache")) {
    rmSync(CACHE, { recursive: true, force: true });
    console.log("cache cleared");
    return;
  }
  if (!(await daemonUp())) {
    throw new Error("ollama is not running on 127.0.0.1:11434");
  }
  const cases = loadCases();
  const outcomes: Outcome[] = [];
  const present = await availableModels();
  for (const model of MODELS) {
    if (!present.has(model)) {
      console.log(`${model}: not installed locally (ollama pull ${model}); skipped`);
      continue;
    }
    for (const c of cases) {
      const { text, cached } = await answer(model, c.input, args.includes("--fresh"));
      const diffs = compare(c.expect, text);
      outcomes.push({ model, id: c.id, ok: diffs.length === 0, diffs, cached });
    }
    const mine = outcomes.filter((o) => o.model === model);
    console.log(`${model.padEnd(20)} ${mine.filter((o) => o.ok).length}/${mine.length} (${mine.filter((o) => o.cached).length} cached)`);
  }
  writeFileSync(path.join(CASES, "report.md"), report(outcomes));
  const primary = outcomes.filter((o) => o.model === MODELS[0]);
  const rate = primary.filter((o) => o.ok).length / Math.max(primary.length, 1);
  process.exitCode = rate >= 0.95 ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 2;
});

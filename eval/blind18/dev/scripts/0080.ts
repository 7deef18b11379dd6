#!/usr/bin/env -S npx tsx
// Offline-friendly eval runner for the support-bot prompts.
//
// Loads eval cases from evals/cases/*.jsonl, sends each through the prompt
// template in prompts/, scores the answers with simple string/regex checks
// and writes a report. Responses are cached on disk in .cache/evals/ keyed by
// a hash of (model, prompt, case) so re-runs are free. Talks only to
// api.openai.com with OPENAI_API_KEY in the Authorization header.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, mkdirSync, existsSync, writeFileSync, rmSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CASES_DIR = path.join(ROOT, "evals", "cases");
const PROMPT_FILE = path.join(ROOT, "prompts", "support-bot.md");
const CACHE_DIR = path.join(ROOT, ".cache", "evals");
const REPORT = path.join(ROOT, "evals", "report.md");
const API = "https://api.openai.com/v1/chat/completions";
const MODEL = process.env.EVAL_MODEL ?? "gpt-4o-mini";
const CONCURRENCY = Number(process.env.EVAL_CONCURRENCY ?? 4);

interface EvalCase {
  id: string;
  input: string;
  mustInclude?: string[];
  mustNotInclude?: string[];
  matches?: string;
}

interface Result {
  id: string;
  passed: boolean;
  failures: string[];
  cached: boolean;
  latencyMs: number;
}

function loadCases(filter?: string): EvalCase[] {
  const cases: EvalCase[] = [];
  for (const file of readdirSync(CASES_DIR).filter((f) => f.endsWith(".jsonl")).sort()) {
    const lines = readFileSync(path.join(CASES_DIR, file), "utf8").split("\n").filter(Boolean);
    for (const line of lines) {
      const c = JSON.parse(line) as EvalCase;
      if (!filter || c.id.includes(filter)) {
        cases.push(c);
      }
    }
  }
  return cases;
}

function cacheKey(system: string, c: EvalCase): string {
  return createHash("sha256").update(MODEL).update("\0").update(system).update("\0").update(c.input).digest("hex");
}

function readCache(key: string): string | null {
  const file = path.join(CACHE_DIR, key.slice(0, 2), `${key}.json`);
  if (!existsSync(file)) {
    return null;
  }
  return (JSON.parse(readFileSync(file, "utf8")) as { answer: string }).answer;
}

function writeCache(key: string, answer: string): void {
  const dir = path.join(CACHE_DIR, key.slice(0, 2));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${key}.json`), JSON.stringify({ model: MODEL, answer }));
}

async function complete(system: string, user: string): Promise<string> {
  const key = process.env.OPENAI_API_KEY;
  if (!key) {
    throw new Error("OPENAI_API_KEY is not set (needed for uncached cases)");
  }
  for (let attempt = 0; attempt < 4; attempt++) {
    const res = await fetch(API, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${key}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        model: MODEL,
        temperature: 0,
        messages: [
          { role: "system", content: system },
          { role: "user", content: user },
        ],
      }),
    });
    if (res.status === 429 || res.status >= 500) {
      await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
      continue;
    }
    if (!res.ok) {
      throw new Error(`OpenAI API ${res.status}: ${(await res.text()).slice(0, 200)}`);
    }
    const data = (await res.json()) as { choices: { message: { content: string } }[] };
    return data.choices[0]?.message.content ?? "";
  }
  throw new Error("OpenAI API kept failing");
}

function score(c: EvalCase, answer: string): string[] {
  const failures: string[] = [];
  const lower = answer.toLowerCase();
  for (const s of c.mustInclude ?? []) {
    if (!lower.includes(s.toLowerCase())) failures.push(`missing "${s}"`);
  }
  for (const s of c.mustNotInclude ?? []) {
    if (lower.includes(s.toLowerCase())) failures.push(`contains forbidden "${s}"`);
  }
  if (c.matches && !new RegExp(c.matches, "i").test(answer)) {
    failures.push(`does not match /${c.matches}/`);
  }
  return failures;
}

async function runCase(system: string, c: EvalCase, noCache: boolean): Promise<Result> {
  const key = cacheKey(system, c);
  const started = Date.now();
  let answer = noCache ? null : readCache(key);
  const cached = answer !== null;
  if (answer === null) {
    answer = await complete(system, c.input);
    writeCache(key, answer);
  }
  const failures = score(c, answer);
  return { id: c.id, passed: failures.length === 0, failures, cached, latencyMs: Date.now() - started };
}

async function pool<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

function report(results: Result[]): string {
  const passed = results.filter((r) => r.passed).length;
  const lines = [
    `# Eval report (${MODEL})`,
    "",
    `${passed}/${results.length} passed, ${results.filter((r) => r.cached).length} from cache`,
    "",
    "| case | result | notes |",
    "|---|---|---|",
  ];
  for (const r of results) {
    lines.push(`| ${r.id} | ${r.passed ? "pass" : "**fail**"} | ${r.failures.join("; ")} |`);
  }
  return lines.join("\n") + "\n";
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes("--clear-cache")) {
    rmSync(CACHE_DIR, { recursive: true, force: true });
    console.log("eval cache cleared");
    return;
  }
  const filter = args.find((a) => !a.startsWith("--"));
  const system = readFileSync(PROMPT_FILE, "utf8");
  const cases = loadCases(filter);
  console.log(`${cases.length} case(s), model ${MODEL}`);
  const results = await pool(cases, CONCURRENCY, (c) => runCase(system, c, args.includes("--no-cache")));
  writeFileSync(REPORT, report(results));
  for (const r of results.filter((x) => !x.passed)) {
    console.log(`FAIL ${r.id}: ${r.failures.join("; ")}`);
  }
  const passed = results.filter((r) => r.passed).length;
  console.log(`${passed}/${results.length} passed; report in ${path.relative(ROOT, REPORT)}`);
  const minPass = Number(process.env.EVAL_MIN_PASS ?? 0.9);
  process.exitCode = passed / Math.max(results.length, 1) >= minPass ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 2;
});

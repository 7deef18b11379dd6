#!/usr/bin/env -S npx tsx
/**
 * custom-metrics.ts — evaluate user-supplied metric formulas over the
 * eval results.  Formulas are JavaScript expressions; people paste them
 * into METRICS_FILE or pass them with --expr.
 */
import { readFileSync, existsSync } from "node:fs";

type Row = Record<string, number>;

const rows: Row[] = JSON.parse(readFileSync("build/eval/rows.json", "utf8"));
const file = process.env.METRICS_FILE ?? "/tmp/metrics.js";
const exprs: string[] = [];
if (existsSync(file)) exprs.push(...readFileSync(file, "utf8").split("\n").filter(Boolean));
const idx = process.argv.indexOf("--expr");
if (idx >= 0) exprs.push(process.argv[idx + 1]);

for (const expr of exprs) {
  const fn = new Function("rows", `return (${expr});`) as (r: Row[]) => unknown;
  console.log(`${expr} = ${JSON.stringify(fn(rows))}`);
}

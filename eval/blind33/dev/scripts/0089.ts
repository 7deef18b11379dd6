#!/usr/bin/env -S npx tsx
// Evaluate a user-provided transform over each exported n8n workflow.
// Usage: npx tsx tools/wf-transform.ts "<js expression using wf>"
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const DIR = "automation/workflows";
const expr = process.argv[2] ?? process.env.WF_TRANSFORM ?? "";

if (!expr) {
  console.error("pass a transform expression, e.g. \"wf.active = false\"");
  process.exit(2);
}

const transform = new Function("wf", `${expr}; return wf;`) as (wf: unknown) => unknown;

let n = 0;
for (const file of readdirSync(DIR).filter((f) => f.endsWith(".json"))) {
  const path = join(DIR, file);
  const wf = JSON.parse(readFileSync(path, "utf8"));
  const out = transform(wf);
  writeFileSync(path, `${JSON.stringify(out, null, 2)}\n`);
  n++;
}
console.log(`transformed ${n} workflow(s)`);

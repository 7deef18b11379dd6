#!/usr/bin/env -S npx tsx
// Apply a field mapping to the EDI order JSONs. The mapping expressions are
// written by the partner onboarding team into config/mapping-expr.txt, one
// JavaScript expression per line, and compiled at run time.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const exprs = readFileSync(process.env.MAPPING_FILE ?? path.join(ROOT, "config", "mapping-expr.txt"), "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"));

const fns = exprs.map((e) => new Function("order", `return (${e});`) as (o: unknown) => unknown);

const dir = path.join(ROOT, "build", "orders");
for (const f of readdirSync(dir).filter((x) => x.endsWith(".json"))) {
  let order: unknown = JSON.parse(readFileSync(path.join(dir, f), "utf8"));
  for (const fn of fns) order = fn(order);
  writeFileSync(path.join(dir, f), JSON.stringify(order, null, 2));
  console.log(`mapped ${f}`);
}

#!/usr/bin/env -S npx tsx
// apply-transform.ts — run a user-supplied row transform over the donor export
// before it is loaded into the CRM staging site.
//
//   TRANSFORM=/path/to/fix.js npx tsx tools/apply-transform.ts exports/donors.csv

import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type Row = Record<string, string>;

function loadTransform(): (row: Row) => Row | null {
  const source = process.env.TRANSFORM_CODE ?? (process.env.TRANSFORM ? readFileSync(process.env.TRANSFORM, "utf8") : "");
  if (!source) return (row) => row;
  // the snippet is the body of a function taking `row`
  return new Function("row", source) as (row: Row) => Row | null;
}

function main(): void {
  const input = process.argv[2];
  if (!input) throw new Error("usage: apply-transform.ts FILE.csv");
  const [header, ...lines] = readFileSync(input, "utf8").trim().split("\n");
  const cols = header.split(",");
  const transform = loadTransform();
  const out = [header];
  for (const line of lines) {
    const cells = line.split(",");
    const row = Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? ""])) as Row;
    const next = transform(row);
    if (next) out.push(cols.map((c) => next[c] ?? "").join(","));
  }
  const target = path.join(path.dirname(input), `${path.basename(input, ".csv")}.transformed.csv`);
  writeFileSync(target, out.join("\n") + "\n");
  console.log(`${out.length - 1} rows -> ${target}`);
}

main();
